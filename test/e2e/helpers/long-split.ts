// An e2e file's tests split between npm test and npm run test:long (issue 62; CI runs both). Both doors
// run one engine: a file whose tests run through each door runs them through its first door (the
// dynamic one) in npm test and through the others in test:long; and a deeper variant of what the
// file's other tests cover once runs in test:long only. A file of test/long calls inLong(), then
// requires the e2e file, whose tests then run as test:long's.

let long = false;

/** Called by a file of test/long before it requires an e2e file: that file's tests then run as test:long's. */
export function inLong(): void {
  long = true;
}

/** The cases this run covers, of cases that name their door first (`door` or `[door, ...]`): the first door's in npm test, the others' in test:long. */
export function casesOfThisRun<T extends string | readonly unknown[]>(cases: readonly T[]): T[] {
  const doorOf = (c: T) => (typeof c === "string" ? c : c[0]);
  return cases.filter((c) => (doorOf(c) === doorOf(cases[0])) !== long);
}

/** Whether this is test:long's run of the file. */
export function isLong(): boolean {
  return long;
}

type Test = (name: string, fn: jest.ProvidesCallback, timeout?: number) => void;

/** A test of npm test's (skipped in test:long's run of the file). */
export const testInNpmTest: Test = (name, fn, timeout) => (long ? test.skip : test)(name, fn, timeout);

/** A test of test:long's (skipped in npm test's run of the file). */
export const testInLong: Test = (name, fn, timeout) => (long ? test : test.skip)(name, fn, timeout);

/** Tests that no door parametrizes, of npm test's (skipped in test:long's run of the file). */
export const describeInNpmTest = (name: string, fn: () => void): void => (long ? describe.skip : describe)(name, fn);
