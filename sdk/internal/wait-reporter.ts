// Says that a request waits for the rate limit, while it does: the gate (rate-limiter.ts) can hold a
// request for up to a window's length (10 minutes on a development key), and a wait nobody reports
// looks like a hang. Waits under a second (the usual pacing) are not reported.
import type { RateLimitWait } from "../core/options";

/** The first report comes after this long; shorter waits are the gate's ordinary pacing. */
const FIRST_REPORT_AFTER_MS = 1_000;
/** Then one report every so often, with the wait left. */
const REPORT_EVERY_MS = 5_000;

/**
 * `permit`, reporting to `report` while it is pending and the gate says a rate limit holds it
 * (`hold`). The timers start in the caller's async context, so each report is made in it too.
 */
export function reportingWaits<T>(
  permit: Promise<T>,
  hold: () => { ms: number; cause: RateLimitWait["cause"] } | undefined,
  report: (wait: RateLimitWait) => void,
  request: Pick<RateLimitWait, "method" | "path" | "window">,
): Promise<T> {
  const started = Date.now();
  let last: RateLimitWait | undefined;
  const tell = () => {
    const held = hold();
    if (!held) return;
    last = { ...request, waitedMs: Date.now() - started, leftMs: held.ms, cause: held.cause, done: false };
    report(last);
  };
  let timer: NodeJS.Timeout = setTimeout(() => {
    tell();
    timer = setInterval(tell, REPORT_EVERY_MS);
  }, FIRST_REPORT_AFTER_MS);
  const stop = () => {
    clearTimeout(timer);
    clearInterval(timer);
    if (last) report({ ...last, waitedMs: Date.now() - started, leftMs: 0, done: true });
  };
  return permit.finally(stop);
}
