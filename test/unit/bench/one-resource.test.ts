// one_resource_preview's targets (scripts/bench/parts/one-resource.ts): no request, and the role's
// no-change preview within 1.15x the same CLI's preview of a program with no provider, judged as every
// timed target is (too noisy when the middle half of the runs straddles it).
import { checkOneResource, type OneResourceFigure } from "../../../scripts/bench/parts/one-resource";

const figure = (ratio: number, q1: number, q3: number, requests = 0): OneResourceFigure => ({
  bench: "one_resource_preview",
  runs: 11,
  one_role_ms: Math.round(320 * ratio),
  no_provider_ms: 320,
  ratio,
  ratio_spread: Math.round((q3 - q1) * 100) / 100,
  ratio_q1: q1,
  ratio_q3: q3,
  requests,
  // The compiled references have no target: the verdict never reads them.
  compiled_noop_ms: 350,
  compiled_noop_ratio: 1.09,
  compiled_noop_spread: 0.02,
  ratio_to_compiled_noop: Math.round((ratio / 1.09) * 100) / 100,
  node_least_ms: 380,
  node_least_ratio: 1.19,
  node_least_spread: 0.03,
  ratio_to_node_least: Math.round((ratio / 1.19) * 100) / 100,
});

it("passes within 1.15x with no request; names a miss, a spread too wide to judge, and any request", () => {
  expect(checkOneResource(figure(1.12, 1.1, 1.14))).toEqual([]);
  expect(checkOneResource(figure(1.2, 1.17, 1.24))).toEqual([
    "one_resource_preview: 384 ms against 320 ms with no provider, 1.2x (target: within 1.15x)",
  ]);
  expect(checkOneResource(figure(1.14, 1.1, 1.2))).toEqual([
    "one_resource_preview: 1.14x, but the middle half of the runs (1.1 to 1.2) straddles the target 1.15x: too noisy to judge",
  ]);
  expect(checkOneResource(figure(1.1, 1.08, 1.12, 2))).toEqual([
    "one_resource_preview: the role's no-change previews sent 2 requests (target: none)",
  ]);
});
