// plugin_ready_ms's target (scripts/bench/parts/plugin-ready.ts): the executable ready within 1.5x a bare Node start.
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

it("passes at 1.5x or less, and names the figure and the target above it; the script plugin is not judged", () => {
  expect(
    checkPluginReady([figure("bare-node", 30, 1), figure("script", 150, 5), figure("executable", 45, 1.5)]),
  ).toEqual([]);
  expect(checkPluginReady([figure("bare-node", 30, 1), figure("executable", 46, 1.53)])).toEqual([
    "plugin_ready_ms: the executable was ready in 46 ms, 1.53x a bare Node start (target: within 1.5x)",
  ]);
});
