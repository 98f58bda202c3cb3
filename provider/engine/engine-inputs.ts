// What the engine hands a provider beside the declared inputs (the plumbing inputs of
// shapes/reserved.ts), and the declared inputs parsed by a shape's schema: shared by planning,
// creating, refreshing and updating.
import type { z } from "zod";
import { isUnknown } from "../shapes/normalize";
import { CONNECTION_INPUT, CREATE_KEY_INPUT, FORMER_CREATE_KEY_INPUT, PLUMBING_INPUTS } from "../shapes/reserved";
import type { ShapeRules } from "../shapes/shape";

export type Props = Record<string, unknown>;

/** Not declared fields: the plumbing, under its names today and before, and the connection (checked on its own). */
const ENGINE_KEYS = new Set([...PLUMBING_INPUTS, CONNECTION_INPUT]);

/** The declared inputs alone: what a shape's schema checks. */
export function stripEngineKeys(inputs: Props): Props {
  return Object.fromEntries(Object.entries(inputs).filter(([key]) => !ENGINE_KEYS.has(key)));
}

/**
 * The resource's identity the program sent (dynamic/create-key.ts), from which its create marker is
 * derived; under its former name in inputs an older version of the program wrote.
 */
export function createKeyOf(inputs: Props): unknown {
  return inputs[CREATE_KEY_INPUT] ?? inputs[FORMER_CREATE_KEY_INPUT];
}

/** The connection a resource's inputs or outputs name: undefined for the default connection. */
export function connectionOf(props: Props): string | undefined {
  const connection = props[CONNECTION_INPUT];
  return typeof connection === "string" ? connection : undefined;
}

/** Whether the new inputs name another connection than the recorded inputs or outputs. */
export function connectionMoved(olds: Props, news: Props): boolean {
  return isUnknown(news[CONNECTION_INPUT]) || connectionOf(olds) !== connectionOf(news);
}

export function reasonFor(issue: z.core.$ZodIssue): string {
  return issue.message;
}

/** The declared inputs of a step that writes, parsed; a failure here is a bug or a skipped check, named by field. */
export function parseArgs<A>(shape: ShapeRules<A>, inputs: Props): A {
  const result = shape.schema.safeParse(stripEngineKeys(inputs));
  if (!result.success) {
    const reasons = result.error.issues.map((issue) => `${issue.path.join(".")}: ${reasonFor(issue)}`).join("; ");
    throw new Error(`invalid ${shape.token} inputs: ${reasons}`);
  }
  return result.data;
}
