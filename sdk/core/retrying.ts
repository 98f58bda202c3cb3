// Retrying an operation: the one retry loop of the project. Every request of the client goes through
// it (internal/request.ts, by the rules of internal/retry.ts), and so can a caller's own operation
// that has rules of its own: the provider sends a create whose answer was lost again only once it
// knows that create made nothing. The backoff is the client's own, with the caller's start and cap.

export { backoffDelay, type BackoffPolicy } from "../internal/retry";

/** What follows a failed attempt: another one after `retryInMs`, or the operation's result. To give up, `decide` throws. */
export type RetryVerdict<T> = { retryInMs: number } | { result: T };

export interface RetryingOptions {
  /**
   * Waits before the next attempt; `failure` is what the last one threw. Default: a timer. A wait
   * that rejects (the caller aborted, say) ends the loop with its error.
   */
  wait?: (delayMs: number, failure: unknown) => Promise<void>;
}

/**
 * Runs `attempt` until it succeeds. After each failure, `decide` either asks for another attempt and
 * says after how long, or settles the operation with a result of its own, or throws to give up.
 * `retriesSoFar` counts the attempts before this one (0 for the first).
 */
export async function retrying<T>(
  attempt: (retriesSoFar: number) => Promise<T>,
  decide: (failure: unknown, retriesSoFar: number) => RetryVerdict<T> | Promise<RetryVerdict<T>>,
  { wait = timer }: RetryingOptions = {},
): Promise<T> {
  for (let retriesSoFar = 0; ; retriesSoFar++) {
    try {
      return await attempt(retriesSoFar);
    } catch (failure) {
      const verdict = await decide(failure, retriesSoFar);
      if ("result" in verdict) return verdict.result;
      await wait(verdict.retryInMs, failure);
    }
  }
}

function timer(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
