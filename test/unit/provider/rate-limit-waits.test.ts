// What a wait for the rate limit says (issue 59): the wait and what holds it; the tier's fix only where
// raising the tier would help (a development tier holding the run back), never to set what is set.
import { render } from "../../../provider/diagnostic";
import { waitStatus, waitWarning as waitDiagnostic } from "../../../provider/rate-limit-waits";
import { SettingsOwner } from "../../../provider/settings";

const waitWarning = (...args: Parameters<typeof waitDiagnostic>) => render(waitDiagnostic(...args));
const wait = (cause: "tier" | "service", leftMs = 412_000) =>
  ({
    method: "POST",
    path: "/roles",
    waitedMs: 3_000,
    leftMs,
    cause,
    done: false,
    window: { limit: 100, windowMs: 600_000 },
  }) as const;

describe("rate-limit waits", () => {
  it("a development tier holding the run back: the wait, the tier's window, and the command that raises it", () => {
    expect(waitStatus(wait("tier", 41_000), {})).toBe(
      "waiting 41 s for the rate limit (tcs:rateLimitTier development (not set) allows 100 requests per 10 min)",
    );
    expect(waitWarning(wait("tier"), {})).toBe(
      "requests wait 6 min 55 s for the rate limit: tcs:rateLimitTier development (not set) allows 100 requests per 10 min. " +
        "For a production key, run pulumi config set tcs:rateLimitTier production. See docs/troubleshooting.md#429-rate_limited",
    );
  });

  it("no tier advice when the tier is production already, or when the service's window holds it", () => {
    expect(waitWarning(wait("tier"), { rateLimitTier: "production" })).not.toMatch(/For a production key/);
    expect(waitWarning(wait("service"), {})).toMatch(/the service says this key's window is spent\. See docs/);
  });

  it("names a connection's own setting", () => {
    expect(waitWarning(wait("tier"), {}, SettingsOwner.connection("staging"))).toContain(
      "run pulumi config set --path tcs:connections.staging.rateLimitTier production",
    );
  });
});
