// plugin_ready_ms's target (scripts/bench/parts/plugin-ready.ts): the executable ready within 3x a bare Node start.
import { checkPluginReady, type PluginReadyFigure } from "../../../scripts/bench/parts/plugin-ready";

const figure = (side: PluginReadyFigure["side"], median: number, ratio: number): PluginReadyFigure => ({
  bench: "plugin_ready_ms",
  side,
  median,
  min: median,
  max: median,
  starts: 15,
  ratio,
});

it("passes at 3x or less, and names the figure and the target above it; the script plugin is not judged", () => {
  expect(checkPluginReady([figure("bare-node", 30, 1), figure("script", 150, 5), figure("executable", 90, 3)])).toEqual([]);
  expect(checkPluginReady([figure("bare-node", 30, 1), figure("executable", 95, 3.17)])).toEqual([
    "plugin_ready_ms: the executable was ready in 95 ms, 3.17x a bare Node start (target: within 3x)",
  ]);
});
