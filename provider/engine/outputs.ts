// A record as the outputs a resource records: the binding's mapping, then what the engine adds the
// same way for every resource (recorded values for fields the record left out, settings, adoptId,
// the connection's name). Create, adoption, refresh and update all record outputs through it.
import type { Binding, LiveObject } from "./binding";
import { CONNECTION_INPUT } from "../shapes/reserved";
import type { Props } from "./engine-inputs";

export function outputsOf<A extends Props, O extends Props, R extends LiveObject>(
  binding: Binding<A, O, R>,
  record: R,
  args: A,
  connection?: string,
): Props {
  const outs: Props = { ...binding.toOutputs(record, args) };
  // A field the record left out is unknown, never changed (docs/contract-decisions.md, tolerant
  // reading): what was recorded before (on read) or declared (on create and update) stands.
  for (const [name, value] of Object.entries(outs))
    if (value === undefined && args[name] !== undefined) outs[name] = args[name];
  for (const [name, defaultValue] of Object.entries(binding.shape.settings)) outs[name] = args[name] ?? defaultValue;
  if (typeof args.adoptId === "string") outs.adoptId = args.adoptId;
  // Only a named connection is recorded: a resource on the default one reads as it did before connections existed.
  if (connection !== undefined) outs[CONNECTION_INPUT] = connection;
  return outs;
}
