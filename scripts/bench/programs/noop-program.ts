// The 6-property floor: N dynamic resources of two inputs whose provider does nothing (inline program,
// same engine, same backend). A reference in the scale figures (`ratio`), with no target: the targets
// divide by the same-shape floor (same-shape.ts), whose resources carry the properties ours carry.
import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";

const noop: pulumi.dynamic.ResourceProvider = {
  create: async (inputs) => ({ id: `noop-${inputs.index}`, outs: inputs }),
  update: async (_id, _olds, news) => ({ outs: news }),
  diff: async (_id, olds, news) => ({ changes: olds.label !== news.label }),
  delete: async () => {},
};

class Noop extends pulumi.dynamic.Resource {
  constructor(name: string, props: { index: number; label: string }) {
    super(noop, name, props, {}, "bench", "Noop");
  }
}

/** N no-op resources; the first `changed` get another label (an in-place update). */
export function noopProgram(n: number, changed = 0): PulumiFn {
  return async () => {
    for (let i = 0; i < n; i++) new Noop(`noop-${i}`, { index: i, label: i < changed ? "changed" : "initial" });
  };
}
