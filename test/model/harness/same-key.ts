// The program's side of "one object, one resource", as the resource classes compute it
// (provider/dynamic/one-owner.ts): a resource whose natural key (SHAPES[kind].naturalKey, with its
// connection) another declaration of the program also declares names that declaration in the hidden
// input SAME_KEY_AS_INPUT (both name each other), and the plugin's check refuses each naming both.
import { SHAPES } from "../../../provider/shapes";
import type { Declaration } from "./sim-engine";

/**
 * The name of the first other declaration of the program with the same kind, connection and natural
 * key; undefined when there is none or the kind has no natural key. `resolve` gives a
 * declaration's args with references resolved to ids, as the program's Outputs would be.
 */
export function sameKeyAs(
  program: Declaration[],
  decl: Declaration,
  resolve: (decl: Declaration) => Record<string, unknown>,
): string | undefined {
  const fields = SHAPES[decl.kind].naturalKey;
  if (!fields || fields.length === 0) return undefined;
  const keyOf = (d: Declaration) => {
    const args = resolve(d);
    return JSON.stringify([d.kind, args.connection ?? null, ...fields.map((field) => args[field] ?? null)]);
  };
  if (!program.some((d) => d.name === decl.name)) return undefined;
  const key = keyOf(decl);
  return program.find((d) => d.name !== decl.name && d.kind === decl.kind && keyOf(d) === key)?.name;
}
