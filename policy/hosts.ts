// Host allowlists of redirect URLs.

/**
 * Whether a hostname is allowed by an allowlist: exact hosts (`example.com`) or a leading `*.` for
 * any subdomain of a host (`*.example.com` allows `a.example.com` and `a.b.example.com`, not
 * `example.com` itself). Case-insensitive.
 */
export function hostAllowed(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return allowed.some((entry) => {
    const want = entry.toLowerCase();
    return want.startsWith("*.") ? host.endsWith(want.slice(1)) && host.length > want.length - 1 : host === want;
  });
}
