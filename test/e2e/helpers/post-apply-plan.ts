// The plan after every apply, as terraform-plugin-testing's TestStep makes one: an e2e stack's `up`
// is followed by a preview of the same program that must plan no change, and the test fails naming
// each resource the plan would still change and how. A provider whose Diff disagrees with what its
// own apply wrote (a perpetual diff) fails every test that applies, not only the tests that think of
// checking. Every stack an e2e test opens through this folder's helpers (tcsStack, openCheckedStack,
// yamlProject, EngineDeployer) carries it.
import type {
  EngineEvent,
  OpType,
  PreviewOptions,
  PreviewResult,
  Stack,
  UpOptions,
  UpResult,
} from "@pulumi/pulumi/automation";
import { openStack, type OpenStackOptions } from "../../lib/engine";

export interface PlanAfterApply {
  /**
   * Read every object before planning (`preview --refresh`): the plan TestStep makes after its
   * refresh, which also catches a Read that disagrees with what the apply wrote. Off by default: a
   * plain plan sends the service nothing, so what a test counts on the emulator after an `up` is
   * still the up's alone.
   */
  refresh?: boolean;
  /** Runs between the apply and its plan: e.g. to take the up's request counts and reset them, so the counts read after `up` are the plan's. */
  before?: () => Promise<void>;
  /** What the plan prints, for a test that searches the engine's output (the up's own `onOutput` gets only the up's). */
  onOutput?: (out: string) => void;
}

export interface CheckedUpOptions extends UpOptions {
  /** How the plan after this apply is made. */
  planAfter?: PlanAfterApply;
  /**
   * The only way to skip the plan, for a step expected to leave a change (TestStep's
   * ExpectNonEmptyPlan): the reason, which the call site must make true.
   */
  leavesChanges?: string;
}

export interface CheckedUpResult extends UpResult {
  /** The plan after the apply (undefined when the step declared `leavesChanges`). */
  planAfter?: PreviewResult;
}

/**
 * A stack whose `up` plans again afterwards and fails on any change. (This `up` comes first, so a call
 * resolves to it; the stack is still a Stack wherever one is asked for.)
 */
export type CheckedStack = { up(options?: CheckedUpOptions): Promise<CheckedUpResult> } & Stack;

const CHECKED = Symbol("post-apply plan");

/**
 * The operations that are no change: what `--expect-no-changes` lets pass (the engine's
 * ResourceChanges.HasChanges), and a refresh's read of each resource, which a refreshing preview
 * reports for every resource, changed or not.
 */
const NO_CHANGE: ReadonlySet<OpType> = new Set<OpType>(["same", "read", "discard", "read-replacement", "refresh"]);

/** Gives a stack's `up` the plan after it (once: a stack already given it is returned as it is). */
export function withPostApplyPlan(stack: Stack): CheckedStack {
  const marked = stack as Stack & { [CHECKED]?: true };
  if (marked[CHECKED]) return stack as CheckedStack;
  const up = stack.up.bind(stack);
  const checkedUp = async (options: CheckedUpOptions = {}): Promise<CheckedUpResult> => {
    const { planAfter = {}, leavesChanges, ...upOptions } = options;
    if (leavesChanges !== undefined && !leavesChanges.trim())
      throw new Error("leavesChanges needs the reason the step leaves a change");
    const result: CheckedUpResult = await up(upOptions);
    if (leavesChanges !== undefined) return result;
    await planAfter.before?.();
    result.planAfter = await expectNoPlannedChanges(stack, {
      refresh: planAfter.refresh,
      onOutput: planAfter.onOutput,
      // The same program and policies the up ran with; a targeted up is planned for the same targets
      // (what it was not asked to apply may still differ, by design). `--replace` is not repeated: it
      // would plan the replacement again.
      ...pick(upOptions, [
        "program",
        "policyPacks",
        "policyPackConfigs",
        "target",
        "targetDependents",
        "exclude",
        "excludeDependents",
        "parallel",
      ]),
      what: "after this up",
    });
    return result;
  };
  Object.assign(stack, { up: checkedUp, [CHECKED]: true });
  return stack as CheckedStack;
}

/** openStack (test/lib/engine.ts) with the plan after every apply. */
export async function openCheckedStack(options: OpenStackOptions): Promise<CheckedStack> {
  return withPostApplyPlan(await openStack(options));
}

/**
 * A preview that must plan no change (`--expect-no-changes`), failing with each resource it would
 * change, the operation, the properties and the engine's diff. The post-apply plan is this; a test
 * calls it itself for what is not an `up` (after a refresh, a CLI run, state edited by hand).
 */
export async function expectNoPlannedChanges(
  stack: Stack,
  options: Omit<PreviewOptions, "expectNoChanges" | "diff"> & { what?: string } = {},
): Promise<PreviewResult> {
  const { what = "", onEvent, onOutput, ...preview } = options;
  const changes: string[] = [];
  /** Resources a refresh read differently from state: named when the engine fails the preview, not a verdict of their own. */
  const refreshed: string[] = [];
  const printed: string[] = [];
  const collect = (event: EngineEvent) => {
    onEvent?.(event);
    const step = event.resourcePreEvent?.metadata;
    if (!step) return;
    if (!NO_CHANGE.has(step.op)) changes.push(describeStep(step));
    else if (step.op === "refresh" && JSON.stringify(step.old?.outputs) !== JSON.stringify(step.new?.outputs))
      refreshed.push(`  refresh ${step.urn}: read differs from state`);
  };
  try {
    const result = await stack.preview({
      ...preview,
      expectNoChanges: true,
      diff: true,
      onEvent: collect,
      onOutput: (out) => {
        printed.push(out);
        onOutput?.(out);
      },
    });
    // The engine's verdict is the one kept: the step events only name what it found. (They also report
    // steps it does not count, such as a default provider updated for a rotated key.)
    return result;
  } catch (error) {
    const diff = printed
      .join("")
      .split("\n")
      .filter((line) => /^\s*[-+~]|error|\(update\)|\(replace\)|\(create\)|\(delete\)/i.test(line))
      .slice(0, 60)
      .join("\n");
    // A preview that failed for another reason (a refusal at check) is said as such, not as a change.
    const changed = /no changes were expected/.test(String(error));
    const verdict = changed
      ? `still changes ${changes.length ? `${changes.length} resource(s)` : "something"}`
      : "failed";
    throw new Error(
      `a plan ${what ? `${what} ` : ""}${preview.refresh ? "(with refresh) " : ""}${verdict}:\n` +
        `${[...changes, ...refreshed].join("\n") || "(no step event named it)"}\n` +
        `the engine's diff:\n${diff || printed.join("").slice(-3000)}\n` +
        `(${String(error).slice(0, 400)})`,
      { cause: error },
    );
  }
}

/** One planned step for a failure: the operation, the URN and the properties it changes. */
function describeStep(step: NonNullable<EngineEvent["resourcePreEvent"]>["metadata"]): string {
  const detailed = Object.entries(step.detailedDiff ?? {}).map(([key, diff]) => `${key} (${diff.diffKind})`);
  const properties = detailed.length > 0 ? detailed : (step.diffs ?? []);
  return `  ${step.op} ${step.urn}${properties.length > 0 ? `: ${properties.join(", ")}` : ""}`;
}

function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => object[key] !== undefined).map((key) => [key, object[key]]),
  ) as Partial<Pick<T, K>>;
}
