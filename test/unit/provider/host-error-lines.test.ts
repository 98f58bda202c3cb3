// A refusal thrown through the dynamic door is said once (issue 59): Pulumi's dynamic-provider host
// (@pulumi/pulumi 3.259.0, cmd/dynamic-provider/index.js) prints `${e}: ${e.stack}` for every error a
// method throws, before the engine prints its message. That exact line is dropped for a refusal, and
// kept for anything else: a bug's stack, or any other line.
import { DiagnosticError } from "../../../provider/diagnostic";
import { refusalsSaidOnce } from "../../../provider/dynamic/host-error-lines";

/** What the host does with a method's error (index.js line 156, check's handler). */
async function hostCalls(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (e) {
    console.error(`${e}: ${(e as Error).stack}`);
    return e;
  }
}

const printed = jest.fn();
beforeAll(() => {
  console.error = printed;
});
beforeEach(() => printed.mockClear());

const refusal = new DiagnosticError({
  summary: "tcs:Role rol_x lives in another environment",
  fix: "Run pulumi refresh",
  docs: "docs/troubleshooting.md#lives-in-another-environment",
});
// As the engine's methods are named: the host prints what check, diff, read and delete throw.
const methods = refusalsSaidOnce({
  check: () => Promise.reject(refusal),
  diff: () => Promise.reject(new Error("connection 'staging' is not in the stack config")),
  read: () => Promise.reject(new TypeError("cannot read properties of undefined")),
  delete: () => Promise.resolve(7),
  create: () => Promise.reject(refusal),
});

it("drops the host's line for a refusal, which still reaches the engine", async () => {
  expect(await hostCalls(() => methods.check())).toBe(refusal);
  await hostCalls(() => methods.diff());
  expect(printed).not.toHaveBeenCalled();
});

it("drops it once per refusal thrown: a line no refusal was thrown for is printed", async () => {
  await hostCalls(() => methods.check());
  console.error(`${refusal}: ${refusal.stack}`);
  expect(printed).toHaveBeenCalledTimes(1);
});

it("remembers nothing for create and update, whose errors the host does not print", async () => {
  await expect(methods.create()).rejects.toBe(refusal);
  console.error(`${refusal}: ${refusal.stack}`);
  expect(printed).toHaveBeenCalledTimes(1);
});

it("keeps a bug's stack, any other line, and what a method answers", async () => {
  await hostCalls(() => methods.read());
  console.error("something else", 1);
  expect(printed).toHaveBeenCalledTimes(2);
  expect(printed.mock.calls[0][0]).toMatch(/^TypeError: cannot read properties of undefined: TypeError.*\n\s+at /s);
  expect(await hostCalls(() => methods.delete())).toBe(7);
});
