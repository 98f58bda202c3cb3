// The dynamic provider object that Pulumi serializes into state (as `__provider`) and runs for
// every operation, including refresh and destroy long after the program changed. It is kept tiny on
// purpose: each method loads the implementation from the installed package at call time, so state
// holds no code of ours beyond these lines, later runs use current code, and no credential is ever
// captured (the key is read in `configure`).
import type * as pulumi from "@pulumi/pulumi";
import { CREATE_KEY_INPUT, createKeyInput } from "./engine/create-marker";
import type { ResourceKind } from "./engine/descriptor";

const shims = new Map<ResourceKind, pulumi.dynamic.ResourceProvider>();

export function dynamicProvider(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(kind);
  if (!shim) {
    // Each function references only `kind` and `require`: the closure serializer captures nothing else.
    shim = {
      configure: (req) => require("pulumi-tcs/provider/impl").configure(req),
      check: (olds, news) => require("pulumi-tcs/provider/impl").engineFor(kind).check(olds, news),
      diff: (id, olds, news) => require("pulumi-tcs/provider/impl").engineFor(kind).diff(id, olds, news),
      create: (inputs) => require("pulumi-tcs/provider/impl").engineFor(kind).create(inputs),
      read: (id, props) => require("pulumi-tcs/provider/impl").engineFor(kind).read(id, props),
      update: (id, olds, news) => require("pulumi-tcs/provider/impl").engineFor(kind).update(id, olds, news),
      delete: (id, props) => require("pulumi-tcs/provider/impl").engineFor(kind).delete(id, props),
    };
    shims.set(kind, shim);
  }
  return shim;
}

/**
 * The props passed to the dynamic resource: every output named (so it is registered), the args, and
 * the resource's identity for its create marker (create sees no URN; see engine/create-marker.ts).
 */
export function resourceProps<T extends object>(
  kind: ResourceKind,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
  outputNames: readonly string[],
  args: T,
): Record<string, unknown> {
  const slots: Record<string, unknown> = {};
  for (const output of outputNames) slots[output] = undefined;
  return { ...slots, ...args, [CREATE_KEY_INPUT]: createKeyInput(`tcs:${kind}`, name, opts) };
}
