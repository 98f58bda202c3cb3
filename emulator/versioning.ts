import { ApiError } from "./errors";

export const SUPPORTED_VERSIONS = ["2026-01-01"] as const;
export const DEFAULT_VERSION = "2026-01-01";

/** The version a request is served with; a malformed or unknown `Service-Version` is a 400. */
export function resolveVersion(header: string | string[] | undefined): string {
  if (header === undefined) return DEFAULT_VERSION;
  const value = Array.isArray(header) ? header.join(",") : header.trim();
  const wellFormed = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
  if (wellFormed && (SUPPORTED_VERSIONS as readonly string[]).includes(value)) return value;
  throw new ApiError(
    "unsupported_version",
    wellFormed
      ? `Service-Version ${value} is not supported.`
      : `Service-Version must be a date such as ${DEFAULT_VERSION} (got ${JSON.stringify(value.slice(0, 40))}).`,
    {
      hint: `Supported versions: ${SUPPORTED_VERSIONS.join(", ")}. Omit the header to use the environment's default (${DEFAULT_VERSION}).`,
    },
  );
}
