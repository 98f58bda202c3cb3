// The doors a file's real-engine tests run through in this run (issue 62). Both doors run one engine,
// so for the files that use this, npm test runs each capability through the first door the file names
// (the dynamic one) and npm run test:long runs the same tests through the other door (CI runs both):
// a file of test/long calls otherDoors(), then requires the e2e file.

let otherDoorsRun = false;

/** Called by a file of test/long before it requires an e2e file: that file's tests then run through the doors npm test leaves out. */
export function otherDoors(): void {
  otherDoorsRun = true;
}

/** The cases this run covers, of cases that name their door first (`door` or `[door, ...]`): the first door's in npm test, the others' in test/long. */
export function casesOfThisRun<T extends string | readonly unknown[]>(cases: readonly T[]): T[] {
  const doorOf = (c: T) => (typeof c === "string" ? c : c[0]);
  return cases.filter((c) => (doorOf(c) === doorOf(cases[0])) !== otherDoorsRun);
}

/** For a file's tests that no door parametrizes: they run once, in npm test. */
export const describeOnce = (name: string, fn: () => void) => (otherDoorsRun ? describe.skip : describe)(name, fn);
