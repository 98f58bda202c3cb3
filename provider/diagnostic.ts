// Diagnostics as values: what the provider tells the user when it refuses or warns, held as its parts
// (the object, what happened, the fix, the docs section) and rendered here only. A rendered message is
// one line of at most MESSAGE_LIMIT characters that ends with a section of DOCS_SECTIONS: what happened
// gives way when room runs short (values in it are cut by `quoted`), then a long object, and the fix
// only past that; the section never does.
// Imports only the list of docs sections: every layer builds its messages with it.
import type { DocsSection } from "./docs-sections";

/** The longest message the provider prints. */
export const MESSAGE_LIMIT = 300;

/**
 * The longest reason of a check failure. The engine prints a failure after its own words, `<type>
 * resource '<name>': property <property> value {<value>} has a problem: `: 120 characters for a role's
 * slug on the dynamic door (pulumi-nodejs:dynamic/tcs:Role), a 12-character name and a value of 24; a
 * reason that names its own values keeps clear of that. A long value's failure the planner reports for
 * the resource, with the value cut (planner.ts, keepingSecrets).
 */
export const CHECK_REASON_LIMIT = MESSAGE_LIMIT - 120;

/** The same for a failure of the resource as a whole (no property): `<type> resource '<name>' has a problem: `, 85 of them. */
const RESOURCE_CHECK_REASON_LIMIT = MESSAGE_LIMIT - 85;

/** How much of a value a message shows: the rest is cut and counted. */
const VALUE_LIMIT = 60;

/** The least room what happened keeps, whatever the object and the fix. */
const LEAST_SUMMARY = 40;

/** The least of the object a message keeps when it has to give way. */
const OBJECT_AT_LEAST = 24;

export interface Diagnostic {
  /** The object it is about, as the user names it ("tcs:ProviderConfig pcfg_..."), when there is one. */
  readonly object?: string;
  /** What happened, in a clause or two. Values from outside go in through `quoted`. */
  readonly summary: string;
  /**
   * The fix, as a command the user can run or the setting or input to change. Absent only from a
   * notice, which asks nothing of the user (an object taken over): advice is given only when the user
   * can act on it (issue 59).
   */
  readonly fix?: string;
  /** The docs section that says more. */
  readonly docs: DocsSection;
  /** The fix comes before what happened: when it is the likeliest way out and what happened is long. */
  readonly fixFirst?: boolean;
}

/** A diagnostic that stops an operation: it always names the way out. */
export type Refusal = Diagnostic & { readonly fix: string };

/**
 * The diagnostic as one line: `<object>: <what happened>. <fix>. See <section>`, at most `limit`
 * characters (less than MESSAGE_LIMIT where the engine prints words of its own before it).
 */
export function render(diagnostic: Diagnostic, limit = MESSAGE_LIMIT): string {
  const see = `See ${diagnostic.docs}`;
  // The object and the fix may carry the user's names (a connection's, up to 63 characters): where
  // they leave what happened too little room, the object gives way first, then the fix's middle.
  const room = limit - see.length - 1 - LEAST_SUMMARY;
  const object = diagnostic.object === undefined ? undefined : oneLine(diagnostic.object);
  const fixText = diagnostic.fix === undefined ? undefined : sentence(oneLine(diagnostic.fix));
  const fixLength = fixText === undefined ? 0 : fixText.length + 1;
  const subject = object === undefined ? "" : `${cut(object, Math.max(OBJECT_AT_LEAST, room - fixLength - 2))}: `;
  const fix = fixText === undefined ? "" : `${cut(fixText, room - subject.length - 1)} `;
  const summaryRoom = limit - (subject.length + fix.length + see.length + 1);
  const summary = sentence(cut(oneLine(diagnostic.summary), summaryRoom));
  return diagnostic.fixFirst ? `${subject}${fix}${summary} ${see}` : `${subject}${summary} ${fix}${see}`;
}

/**
 * The diagnostic as the reason of a check failure, which the engine prints after words of its own:
 * more of them when the failure names a property (`forResource` false), and so its value. `before`
 * goes first, within the same room: the property and its value cut short, when a failure is moved to
 * the resource (planner.ts, keepingSecrets).
 */
export function renderCheckReason(diagnostic: Diagnostic, forResource = false, before = ""): string {
  return `${before}${render(diagnostic, (forResource ? RESOURCE_CHECK_REASON_LIMIT : CHECK_REASON_LIMIT) - before.length)}`;
}

/**
 * The limit of a refusal of the native provider's DiffConfig, which the engine prints after the gRPC
 * status it came with (Pulumi v3.259.0: `rpc error: code = Unknown desc = `), unlike a resource call's.
 */
export const PROVIDER_CONFIG_LIMIT = MESSAGE_LIMIT - "rpc error: code = Unknown desc = ".length;

/** An Error whose message is the rendered diagnostic, kept with it for whoever catches it. */
export class DiagnosticError extends Error {
  constructor(
    readonly diagnostic: Refusal,
    options?: ErrorOptions & { limit?: number },
  ) {
    super(render(diagnostic, options?.limit), options);
    this.name = "DiagnosticError";
  }
}

/** A value as a message shows it: quoted, and past VALUE_LIMIT characters cut, with its length. */
export function quoted(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  if (text.length <= VALUE_LIMIT) return `'${oneLine(text)}'`;
  return `'${oneLine(text.slice(0, VALUE_LIMIT))}…' (${text.length.toLocaleString("en-US")} characters)`;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ");
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** `text` in at most `room` characters, its middle given up for an ellipsis. */
function cut(text: string, room: number): string {
  if (text.length + 1 <= room) return text;
  const keep = room - 2;
  const head = Math.ceil(keep * 0.7);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}
