// The provider module every tcs resource carries in state (as `__provider`) and the engine's dynamic
// provider plugin runs for every operation, including refresh and destroy long after the program
// changed. The plugin loads the text as a module, takes the provider object its `handler` returns,
// calls `configure` on it with the stack's config and only then (every RPC goes through that step)
// check, diff, create, read, update or delete. So `configure` loads the implementation from the
// installed package and puts the resource type's methods on the object. State therefore holds no code
// of ours beyond this line, later runs use current code, and no credential is ever captured (the key
// is read in `configure`).
// The text is written here rather than produced by Pulumi's closure serializer: the serializer wraps
// each function in about 500 bytes of scaffolding, kept in both the inputs and the outputs of every
// resource, and the file backend rewrites the whole state after every step, so those bytes were paid
// about 2N times per run (docs/performance.md). The serializer also reads each function's scope
// through an inspector session, which it opens with the debugger enabled for the rest of the process.
// The string "pulumi-tcs/provider/impl" is in every state written since: that path must load for ever.
// The `require` is resolved at run time inside the plugin, from the installed package.
import type { ResourceKind } from "../shapes/shape";

/** The source of the provider module of a resource type, as the plugin loads it. */
export function providerModule(kind: ResourceKind): string {
  return `const p={configure(r){return require("pulumi-tcs/provider/impl").configureShim(this,${JSON.stringify(kind)},r)}};exports.handler=()=>p;`;
}
