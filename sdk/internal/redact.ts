// Credentials must never leave the client in an error, a log line or a dump of the client. Everything
// that turns into text passes through here: the known key is replaced wherever it appears, and so is
// anything shaped like a service key, in case a server or a proxy echoes one back in a message.

const KEY_SHAPE = /service_(sk|pk)_[A-Za-z0-9_-]+/g;

export const REDACTED = "[redacted]";

/** Replaces every API key (the given ones, and anything shaped like a service key) in `text`. */
export function redactSecrets(text: string, knownSecrets: readonly string[] = []): string {
  let out = text;
  for (const secret of knownSecrets) {
    // Very short strings are not credentials and replacing them would garble the text.
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  return out.replace(KEY_SHAPE, (_match, kind: string) => `service_${kind}_${REDACTED}`);
}

/** A printable stand-in for a key: its type prefix only, so logs can tell secret from publishable. */
export function describeKey(apiKey: string): string {
  if (apiKey.startsWith("service_sk_")) return `service_sk_${REDACTED}`;
  if (apiKey.startsWith("service_pk_")) return `service_pk_${REDACTED}`;
  return REDACTED;
}
