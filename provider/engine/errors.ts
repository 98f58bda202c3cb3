// Turns what the service and the SDK report into messages a Pulumi user can act on: the property in
// the program's own camelCase, the fix, and the request id to quote to support. Never the API key
// (the SDK's errors never hold it).
import type { Refusal } from "../diagnostic";
import type { DocsSection } from "../docs-sections";
import { SettingsOwner } from "../settings";
import { sdk } from "./sdk";

const ID_PATTERN = /\b[a-z]+_[A-Za-z0-9]{20}\b/;

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** The property a field error names, as the program spells it (`value.base_url` stays user data). */
export function propertyPath(path: ReadonlyArray<string | number> | undefined): string {
  if (!path || path.length === 0) return "";
  const [head, ...rest] = path;
  return [camel(String(head)), ...rest.map(String)].join(".");
}

/** The id of the existing object a create collided with, when the service reported one. */
export function collidingId(error: unknown): string | undefined {
  const { UnprocessableEntityError } = sdk();
  if (!(error instanceof UnprocessableEntityError) || error.code !== "already_exists") return undefined;
  return `${error.hint ?? ""} ${error.message}`.match(ID_PATTERN)?.[0];
}

/**
 * A write whose outcome is unknown: the request may have been applied although no answer came back
 * (connection lost after sending, a timeout while waiting, a 5xx).
 */
export function outcomeUnknown(error: unknown): boolean {
  const { APIConnectionError, APIConnectionTimeoutError, APIError } = sdk();
  if (error instanceof APIConnectionTimeoutError) return true;
  if (error instanceof APIConnectionError || error instanceof APIError) return error.mayHaveBeenProcessed;
  return false;
}

/**
 * A write the service may still be carrying out: the whole request was sent and no answer came back
 * (the client timed out, or the connection broke). A lookup that finds nothing proves nothing then: the
 * request may still be queued or running there. An answer, even a 5xx, means the service is done with it.
 */
export function mayStillCommit(error: unknown): boolean {
  return error instanceof sdk().APIConnectionError && error.mayHaveBeenProcessed;
}

/** A field error's message as a one-line refusal can hold it: a service's list of what it knows is cut short. */
function clipped(message: string, most = 140): string {
  return message.length > most ? `${message.slice(0, most - 1)}…` : message;
}

/**
 * What an error from the service or the SDK says, as a refusal: what failed and why in the program's
 * words, the fix where the user has one, and the section that says more. `connection`: the connection
 * the request went to, named when the service refused its key (with the setting that holds the key).
 */
export function serviceFailure(action: string, error: unknown, connection?: string): Refusal {
  const { APIError, AuthenticationError, PermissionDeniedError, RateLimitError, RetryAfterTooLongError } = sdk();
  if (error instanceof AuthenticationError) {
    const owner = SettingsOwner.connection(connection);
    return {
      summary: `${action} failed: the service refused the API key of ${owner.describe()} (${error.message})`,
      fix: owner.setSecretKey("Set the key of that environment"),
      docs: "docs/troubleshooting.md#401-unauthorized",
    };
  }
  if (error instanceof APIError) {
    const docs: DocsSection =
      error instanceof RateLimitError
        ? "docs/troubleshooting.md#429-rate_limited"
        : error instanceof PermissionDeniedError
          ? "docs/troubleshooting.md#403-forbidden--use-a-secret-key"
          : error.code === "unsupported_version"
            ? "docs/troubleshooting.md#400-unsupported_version"
            : "docs/troubleshooting.md#errors-from-the-service";
    const fix = error.status >= 500 ? "Run it again when the service answers" : "Fix what it names, then run it again";
    // The SDK's message carries status, code, hint and request id; with field errors, which it also
    // spells out, the fields alone say why (by the names the program uses), each once and cut short.
    const fields = (error.errors ?? []).map(
      (e) => `${propertyPath(e.path as (string | number)[] | undefined) || "(body)"}: ${clipped(e.message)}`,
    );
    if (fields.length === 0) return { summary: `${action} failed: ${error.message}`, fix, docs };
    const where = /\s\[[^\]]*\]$/.exec(error.message)?.[0] ?? "";
    return { summary: `${action} failed: ${error.status} ${error.code}: ${fields.join("; ")}${where}`, fix, docs };
  }
  const said = error instanceof Error ? error.message : String(error);
  // No answer (a lost connection, a timeout, a wait for the rate limit too long to make).
  const fix =
    error instanceof RetryAfterTooLongError
      ? "Run it again after the wait it names"
      : "Run it again when the service answers";
  return { summary: `${action} failed: ${said}`, fix, docs: "docs/troubleshooting.md#errors-from-the-service" };
}
