// A resource class registers with Error.stackTraceLimit at 0 (dynamic/tcs-resource.ts: Pulumi formats a
// stack trace for four promises of every output, the largest cost of a preview), and hands the program
// its own limit back afterwards, also when the registration throws. The same for both doors: the
// dynamic door's classes and the generated Node.js SDK's (sdks/nodejs, changed by codegen/gen-sdk/node_traces.go).
import * as pulumi from "@pulumi/pulumi";

type RoleClass = new (
  name: string,
  args: { name: string; slug: string; permissions: string[] },
) => pulumi.CustomResource & {
  slug: pulumi.Output<string>;
};

/** Each door's Role, loaded after the mocks are set. */
const DOORS: Array<[string, () => Promise<RoleClass>]> = [
  ["the dynamic door's class", async () => (await import("../../../provider/index")).Role],
  // Required rather than imported: the repository's compiler options are stricter than the generated code's.
  ["the generated Node.js SDK's class", async () => (require("../../../sdks/nodejs/role") as { Role: RoleClass }).Role],
];

/** A custom resource that does not lower the limit, for comparison. */
class Plain extends pulumi.CustomResource {
  constructor(name: string, props: Record<string, unknown>) {
    super("test:index:Plain", name, props);
  }
}

describe.each(DOORS)("registering a resource with %s", (_door, loadRole) => {
  beforeAll(() => {
    pulumi.runtime.setMocks(
      {
        newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      true,
    );
  });

  afterEach(() => {
    Error.stackTraceLimit = 10;
  });

  it("takes no stack trace while the outputs are registered, and restores the program's limit", async () => {
    const Role = await loadRole();
    // @pulumi/pulumi's debuggablePromise takes a trace for every promise of every output: record the
    // limit each call sees, for the tcs class and, for comparison, a plain custom resource.
    const debuggable = require("@pulumi/pulumi/runtime/debuggable") as {
      debuggablePromise: (...args: unknown[]) => unknown;
    };
    const seen: number[] = [];
    const original = debuggable.debuggablePromise;
    const spy = jest.spyOn(debuggable, "debuggablePromise").mockImplementation((...args: unknown[]) => {
      seen.push(Error.stackTraceLimit);
      return original(...args);
    });
    Error.stackTraceLimit = 17;
    const role = new Role("a-role", { name: "R", slug: "r", permissions: ["thread_read"] });
    const limitAfter = Error.stackTraceLimit;
    const duringTcs = seen.splice(0);
    new Plain("plain", { slug: "r" });
    const duringPlain = seen.splice(0);
    spy.mockRestore();
    await new Promise((resolve) => role.urn.apply(resolve));

    expect(limitAfter).toBe(17);
    // Four promises for each output (and the urn and id): every one made with no trace.
    expect(duringTcs.length).toBeGreaterThan(4 * 9);
    expect(new Set(duringTcs)).toEqual(new Set([0]));
    expect(new Set(duringPlain)).toEqual(new Set([17]));
    expect(await new Promise((resolve) => role.slug.apply(resolve))).toBe("r");
  });

  it("restores the program's limit when the registration throws, and gives the error the program's trace", async () => {
    const Role = await loadRole();
    Error.stackTraceLimit = 23;
    let thrown: unknown;
    try {
      new Role(undefined as unknown as string, { name: "R", slug: "r", permissions: ["thread_read"] });
    } catch (error) {
      thrown = error;
    }
    expect(Error.stackTraceLimit).toBe(23);
    // The error names what is wrong and carries the trace of the program's declaration, not none.
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toMatch(/name/);
    expect((thrown as Error).stack).toContain("registration.test.ts");
  });
});
