// A wait for the rate limit, said while it lasts: on the waiting resource's line (statusOfResource: the
// native door's ephemeral status, the dynamic door's stderr), and the run's first wait over a few
// seconds once as a warning naming the tier, the wait and how to raise the tier. A development key's
// window is 100 requests per 10 minutes: without this, a large run showed "updating..." for up to ten
// minutes and looked hung.
import type { RateLimitWait } from "../sdk";
import { formatRateLimitTier, type ProviderSettings } from "./settings";
import type { Diagnostic } from "./diagnostic";
import { currentResource } from "./engine/resource-context";
import { statusOfResource, warn } from "./engine/warn";
import { SettingsOwner } from "./settings";

/** A wait at least this long is also said as a warning, once per run (a plugin process serves one run). */
const WARN_WAITS_FROM_MS = 5_000;
let warned = false;

/** What the client calls while one of `owner`'s requests waits for the rate limit. */
export function rateLimitWaits(
  settings: ProviderSettings,
  owner = SettingsOwner.defaultConnection,
): (wait: RateLimitWait) => void {
  return (wait) => {
    const urn = currentResource();
    if (wait.done) return statusOfResource("", urn);
    statusOfResource(waitStatus(wait, settings, owner), urn);
    if (warned || wait.waitedMs + wait.leftMs < WARN_WAITS_FROM_MS) return;
    warned = true;
    warn(waitWarning(wait, settings, owner));
  };
}

/** What the resource's line shows: the wait left and what holds it. */
export function waitStatus(
  wait: RateLimitWait,
  settings: ProviderSettings,
  owner = SettingsOwner.defaultConnection,
): string {
  return `waiting ${seconds(wait.leftMs)} for the rate limit (${holder(wait, settings, owner)})`;
}

/** The run's first long wait: the wait, what holds it, and how to raise the tier where that would help. */
export function waitWarning(
  wait: RateLimitWait,
  settings: ProviderSettings,
  owner = SettingsOwner.defaultConnection,
): Diagnostic {
  const tier = settings.rateLimitTier ?? "development";
  const command = owner.configArgs("rateLimitTier") && owner.set("rateLimitTier", "production");
  // Only a development tier holding the run back can be raised; a production or negotiated one is the key's.
  const fix =
    wait.cause === "tier" && tier === "development"
      ? `For a production key, ${command ? `run ${command}` : `set ${owner.name("rateLimitTier")} to production`}`
      : undefined;
  return {
    summary: `requests wait ${seconds(wait.waitedMs + wait.leftMs)} for the rate limit: ${holder(wait, settings, owner)}`,
    fix,
    docs: "docs/troubleshooting.md#429-rate_limited",
  };
}

function holder(wait: RateLimitWait, settings: ProviderSettings, owner: SettingsOwner): string {
  // Sooner than the tier says it should: the key allows fewer requests than the tier, or other runs share it.
  if (wait.cause === "service") return "the service says this key's window is spent";
  const tier = settings.rateLimitTier ?? "development";
  // The client's window, as the SDK sized it from the tier.
  const window = wait.window;
  const named = `${owner.name("rateLimitTier")} ${formatRateLimitTier(tier)}${settings.rateLimitTier === undefined ? " (not set)" : ""}`;
  return window ? `${named} allows ${window.limit} requests per ${seconds(window.windowMs)}` : named;
}

/** A duration as a person reads it in a status line: seconds, or minutes and seconds. */
function seconds(ms: number): string {
  const total = Math.ceil(ms / 1000);
  if (total < 120) return `${total} s`;
  return total % 60 === 0 ? `${total / 60} min` : `${Math.floor(total / 60)} min ${total % 60} s`;
}
