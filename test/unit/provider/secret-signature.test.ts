// The secret marks the provider writes out itself (provider/secret-signature.ts) are Pulumi's own.
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { isSecretEnvelope, SECRET_SIG, SIG_KEY } from "../../../provider/secret-signature";

test("the signature key and the secret signature are @pulumi/pulumi's", () => {
  expect({ SIG_KEY, SECRET_SIG }).toEqual({ SIG_KEY: specialSigKey, SECRET_SIG: specialSecretSig });
});

test("a secret's envelope is told from other values, a special value of another kind included", () => {
  expect(isSecretEnvelope({ [specialSigKey]: specialSecretSig, value: "s" })).toBe(true);
  expect(isSecretEnvelope({ [specialSigKey]: specialSecretSig, ciphertext: "v1:..." })).toBe(true);
  expect(isSecretEnvelope({ [specialSigKey]: "another signature", value: "s" })).toBe(false);
  expect(isSecretEnvelope({ value: "s" })).toBe(false);
  expect(isSecretEnvelope("s")).toBe(false);
  expect(isSecretEnvelope(null)).toBe(false);
});
