// Values between the engine's wire form and the engine core's plain values. The engine sends a
// secret as an object tagged with Pulumi's secret signature (the provider says it accepts secrets in
// Configure); the core works on plain values, so secrets are unwrapped on the way in. On the way out,
// every property a shape declares secret is wrapped again, whatever the program did: a config's
// `value` is secret in state from its first check, even when a YAML or Go program passed it plain.
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { isSecretEnvelope, SECRET_SIG, SIG_KEY } from "../secret-signature";

export type Props = Record<string, unknown>;

/** A value with every secret inside it unwrapped. */
export function unwrapSecrets(value: unknown): unknown {
  if (isSecretEnvelope(value)) return unwrapSecrets(value.value);
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unwrapSecrets(item)]));
  return value;
}

/** The plain properties of a request's struct (absent: none). */
export function propsOf(struct: Struct | undefined): Props {
  return (unwrapSecrets(struct?.toJavaScript() ?? {}) as Props) ?? {};
}

/** A secret as the engine reads it. */
export function secret(value: unknown): unknown {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** The properties with the named ones secret (those present); undefined values left out, as the wire has no undefined. */
export function withSecrets(props: Props, secretNames: readonly string[]): Props {
  const out: Props = {};
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    out[key] = secretNames.includes(key) && value !== null ? secret(value) : value;
  }
  return out;
}
