// What each resource class registers in state, as its shape derives it: the type token, the outputs
// (the properties every state of the kind holds) and the secrets. Written to a file the test of the
// shapes compares with (test/unit/provider/shapes.test.ts), so a change of what states hold shows in
// the commit that makes it, and is made on purpose.
import { RESOURCE_KINDS, SHAPES } from "../../provider/shapes";

export const REGISTRATIONS_FILE = "test/unit/provider/registrations.json";

export function registrations(): Record<string, unknown> {
  return Object.fromEntries(
    RESOURCE_KINDS.map((kind) => [
      kind,
      {
        token: SHAPES[kind].token,
        outputs: [...SHAPES[kind].outputNames].sort(),
        secretOutputs: SHAPES[kind].secretOutputs,
        secretInputs: SHAPES[kind].secretInputs,
      },
    ]),
  );
}
