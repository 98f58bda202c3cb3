// @ts-check
// Which of a resource's top-level inputs the engine sent as secrets.
//
// Why this file exists: the engine marks secret values on the wire (a `{ <sig key>: <secret sig>,
// value }` object in the resource's property struct: seen for `tcs:apiKey` on the default
// `pulumi:providers:pulumi-nodejs` provider when the stack config holds it with `--secret`, and a
// plain string when it does not). @pulumi/policy 1.21 unwraps those markers before a policy sees
// `props` (server.js calls `deserializeProperties(struct, false)` for validateResource and
// validateStack), so through the public API a secret and a plain value look the same.
//
// We therefore wrap that one internal function: it still returns exactly what it returned before
// (other policies see no difference), and we attach the names of the secret top-level keys to the
// returned object under a symbol, as a non-enumerable, non-writable, non-configurable property. The
// unknown-checking proxy that @pulumi/policy puts around `props` hands such a property through
// unchanged, so a policy reads it as `props[SECRET_KEYS]`.
//
// If a future @pulumi/policy stops calling the function through its module exports, the symbol is
// simply absent: `secretKeysOf` then returns undefined and the caller must not guess (the api-key
// rule reports that it cannot verify, rather than passing silently).
const path = require("node:path");

// The wire signature of a secret value, as @pulumi/pulumi defines it (the special-signature key
// "4dabf181..." holding the secret signature "1b470612...").
const { specialSigKey: SIG_KEY, specialSecretSig: SECRET_SIG } = require("@pulumi/pulumi/runtime/rpc");

/** The property under which the secret top-level input names are attached. */
const SECRET_KEYS = Symbol.for("pulumi-tcs-policy/secret-keys");

const INSTALLED = Symbol.for("pulumi-tcs-policy/secret-keys-installed");

/** @param {unknown} value */
function isSecretMarker(value) {
  return typeof value === "object" && value !== null && /** @type {Record<string, unknown>} */ (value)[SIG_KEY] === SECRET_SIG;
}

/**
 * Wraps @pulumi/policy's deserializeProperties (the copy the policy server uses: the one next to the
 * resolved package) so deserialized props carry their secret key names. Idempotent.
 */
function installSecretKeyTracking() {
  const policyDir = path.dirname(require.resolve("@pulumi/policy/package.json"));
  /** @type {{ deserializeProperties: (struct: any, proxySecrets: boolean) => any, [INSTALLED]?: boolean }} */
  const deserialize = require(path.join(policyDir, "deserialize.js"));
  if (deserialize[INSTALLED]) return;
  const original = deserialize.deserializeProperties;
  deserialize.deserializeProperties = function deserializePropertiesTrackingSecrets(struct, proxySecrets) {
    const result = original.call(this, struct, proxySecrets);
    try {
      const raw = struct && typeof struct.toJavaScript === "function" ? struct.toJavaScript() : undefined;
      if (raw && typeof raw === "object" && result && typeof result === "object") {
        const secret = Object.keys(raw).filter((key) => isSecretMarker(raw[key]));
        Object.defineProperty(result, SECRET_KEYS, { value: Object.freeze(new Set(secret)), enumerable: false });
      }
    } catch {
      // Never break the policy server over bookkeeping: without the symbol, callers report "cannot verify".
    }
    return result;
  };
  deserialize[INSTALLED] = true;
}

/**
 * The names of a resource's top-level inputs that the engine sent as secrets, or undefined when
 * this cannot be told (tracking not installed or not effective).
 * @param {Record<string | symbol, unknown>} props the `props` a policy receives
 * @returns {ReadonlySet<string> | undefined}
 */
function secretKeysOf(props) {
  const keys = props[SECRET_KEYS];
  return keys instanceof Set ? keys : undefined;
}

module.exports = { installSecretKeyTracking, secretKeysOf, SECRET_KEYS };
