// The plugin profile beside the scale part: the dynamic door's plugin against the same-shape floor's on
// the first round's resources (plugin-profile.ts), and the checkpoint's bytes per resource.
import { profilePlugin } from "./plugin-profile";
import { sameShapeEnv } from "../programs/same-shape";
import type { ProfileFigure } from "../statistics/scale-figures";
import type { Snapshot } from "./scale-stacks";
import { round } from "../statistics/verdict";

export async function profileFigures(
  n: number,
  tcs: Snapshot,
  floor: Snapshot,
  config: Record<string, string>,
): Promise<ProfileFigure[]> {
  const [ours, noop] = [
    await profilePlugin(tcs.resources, config),
    await profilePlugin(floor.resources, config, sameShapeEnv()),
  ];
  const figure = (name: ProfileFigure["figure"], a: number, b: number): ProfileFigure => ({
    bench: "profile",
    n,
    figure: name,
    tcs: a,
    floor: b,
    ratio: round(a / b),
  });
  return [
    figure("plugin_start_ms", ours.startMs, noop.startMs),
    figure("check_us_per_resource", ours.checkUs, noop.checkUs),
    figure("diff_us_per_resource", ours.diffUs, noop.diffUs),
    figure("state_bytes_per_resource", tcs.stateBytesPerResource, floor.stateBytesPerResource),
  ];
}
