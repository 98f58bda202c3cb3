// Pulumi's marks of a secret on the wire and in a state's export: an object with the signature key,
// whose value is the secret signature (sdk/go/common/resource/sig; @pulumi/pulumi/runtime/rpc exports
// them as specialSigKey and specialSecretSig). Written here rather than imported: the native plugin and
// the drift report load none of @pulumi/pulumi's runtime. test/unit/provider/secret-signature.test.ts
// checks them against @pulumi/pulumi's. Imports nothing.

/** The key that marks a value as one of Pulumi's special values. */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";

/** The signature of a secret: `{ [SIG_KEY]: SECRET_SIG, value }` (an export writes `plaintext` or `ciphertext` instead of `value`). */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** Whether a value is a secret's envelope (on the wire, or in an exported state). */
export function isSecretEnvelope(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}
