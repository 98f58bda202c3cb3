// The program of a bench stack, named by a plain description a child process can be handed: the mix
// through one door or on the same-shape floor, or the 6-property floor's no-op resources; the first
// `up`'s program or the 10% update's.
import type { PulumiFn } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import { mixProgram, type MixResources } from "../../../test/lib/mix-program";
import { nativeClasses } from "./native-resources";
import { noopProgram } from "./noop-program";
import { SAME_SHAPE_PLUMBING_RESOURCES, SAME_SHAPE_RESOURCES } from "./same-shape";

export interface BenchProgram {
  /** The mix on pulumi-tcs's classes, on the generated SDK's, on the same-shape floor's; or the no-op resources. */
  side: "dynamic" | "native" | "same_shape" | "floor";
  n: number;
  /** Resources the program changes (the 10% update's), 0 for the first `up`'s program. */
  changed: number;
  /** The role slugs' and create markers' prefix of the round. */
  slugPrefix: string;
  /** The generated Node.js SDK, installed (native-resources.ts): the native side's classes. */
  nativeSdk?: string;
  /** On the same-shape floor: its resources carry the plumbing the dynamic-provider host makes the dynamic door carry (the host floor). */
  plumbing?: boolean;
}

/** The program a description names. */
export function benchProgram(program: BenchProgram): PulumiFn {
  const { n, changed, slugPrefix } = program;
  if (program.side === "floor") return noopProgram(n, changed);
  return mixProgram(n, { slugPrefix, changed, resources: classesOf(program) });
}

/**
 * Every side's classes, loaded before the operation is timed: pulumi-tcs loads its classes on first
 * use (provider/index.ts), which inside the program would count their loading against the dynamic door
 * alone (the other sides' are loaded with their modules).
 */
function classesOf(program: BenchProgram): MixResources {
  if (program.side === "same_shape") return program.plumbing ? SAME_SHAPE_PLUMBING_RESOURCES : SAME_SHAPE_RESOURCES;
  if (program.side === "dynamic") {
    const { ProviderConfig, Callback, CallbackInstance, Role, IntegrationSetupSession } = tcs;
    return { ProviderConfig, Callback, CallbackInstance, Role, IntegrationSetupSession };
  }
  if (!program.nativeSdk) throw new Error("the native side's program needs the installed SDK (nativeSdk)");
  return nativeClasses(program.nativeSdk);
}
