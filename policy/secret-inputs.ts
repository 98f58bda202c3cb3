// Which of a resource's top-level inputs the engine sent as secrets.
//
// Why this file exists: the engine marks secret values on the wire (a `{ <sig key>: <secret sig>,
// value }` object in the resource's property struct: seen for `tcs:apiKey` on the default
// `pulumi:providers:pulumi-nodejs` provider when the stack config holds it with `--secret`, and a
// plain string when it does not). @pulumi/policy 1.21 (the latest) unwraps those markers before a
// policy sees `props` (server.js calls `deserializeProperties(struct, false)` for validateResource and
// validateStack), so through its public API a secret and a plain value look the same. Nothing else
// tells them apart either: the engine does send the stack's secret config keys to the analyzer
// (ConfigureStack's configSecretKeys), but @pulumi/policy keeps only the stack tags of that request;
// and only remediations (level "remediate", which cannot report a violation) see secrets as Secret.
//
// So this wraps that one internal function: it still returns exactly what it returned before (other
// policies see no difference), and it attaches the names of the secret top-level keys to the
// returned object under a symbol, as a non-enumerable, non-writable, non-configurable property. The
// unknown-checking proxy @pulumi/policy puts around `props` hands such a property through unchanged,
// so a policy reads it as `props[SECRET_KEYS]`.
//
// If a later @pulumi/policy stops calling the function through its module exports, the symbol is
// simply absent: `secretKeysOf` then returns undefined, and the api-key rule reports that it cannot
// verify rather than passing silently. test/unit/policy/secret-inputs.test.ts drives the package's
// own analyzer handler with a secret and a plain key, so it fails the day the package changes this.
import * as path from "node:path";
import { isSecretEnvelope } from "../provider/secret-signature";

/** The property under which the secret top-level input names are attached. */
export const SECRET_KEYS = Symbol.for("pulumi-tcs-policy/secret-keys");

const INSTALLED = Symbol.for("pulumi-tcs-policy/secret-keys-installed");

type Deserialize = (struct: { toJavaScript?: () => unknown } | undefined, proxySecrets: boolean) => unknown;

interface DeserializeModule {
  deserializeProperties: Deserialize;
  [INSTALLED]?: boolean;
}

/**
 * Wraps @pulumi/policy's deserializeProperties (the copy the policy server uses: the one next to the
 * resolved package) so deserialized props carry their secret key names. Idempotent.
 */
export function installSecretKeyTracking(): void {
  const policyDir = path.dirname(require.resolve("@pulumi/policy/package.json"));
  // A file of @pulumi/policy that its exports map does not expose, loaded by path (see above).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const deserialize = require(path.join(policyDir, "deserialize.js")) as DeserializeModule;
  if (deserialize[INSTALLED]) return;
  const original = deserialize.deserializeProperties;
  deserialize.deserializeProperties = function deserializePropertiesTrackingSecrets(
    this: unknown,
    struct,
    proxySecrets,
  ) {
    const result = original.call(this, struct, proxySecrets);
    try {
      const raw = struct && typeof struct.toJavaScript === "function" ? struct.toJavaScript() : undefined;
      if (raw && typeof raw === "object" && result && typeof result === "object") {
        const secret = Object.keys(raw).filter((key) => isSecretEnvelope((raw as Record<string, unknown>)[key]));
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
 * The names of a resource's top-level inputs that the engine sent as secrets, or undefined when this
 * cannot be told (tracking not installed or not effective).
 */
export function secretKeysOf(props: Record<string | symbol, unknown>): ReadonlySet<string> | undefined {
  const keys = props[SECRET_KEYS];
  return keys instanceof Set ? keys : undefined;
}
