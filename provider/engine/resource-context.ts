// Which resource the work under way is for, as the door knows it (the native door's URN), carried
// through every await: the SDK reports a wait for the rate limit from deep inside a request, and the
// engine shows that wait on the resource's own line only when it is told whose request waits.
import { AsyncLocalStorage } from "node:async_hooks";

const current = new AsyncLocalStorage<string>();

/** Runs `work` as work for the resource `urn` (nothing changes when the door knows none). */
export function aboutResource<T>(urn: string | undefined, work: () => T): T {
  return urn ? current.run(urn, work) : work();
}

/** The URN of the resource the current work is for, if a door said. */
export function currentResource(): string | undefined {
  return current.getStore();
}
