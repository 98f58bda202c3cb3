// Diagnostics as values: what the provider tells the user when it refuses or warns, held as its parts
// (the object, what happened, the fix, the docs section) and rendered here only. A rendered message is
// one line of at most MESSAGE_LIMIT characters that ends with a section of DOCS_SECTIONS: what happened
// gives way when room runs short (values in it are cut by `quoted`), the fix and the section never do.
// Imports only the list of docs sections: every layer builds its messages with it.
import type { DocsSection } from "./docs-sections";

/** The longest message the provider prints. */
export const MESSAGE_LIMIT = 300;

/** How much of a value a message shows: the rest is cut and counted. */
const VALUE_LIMIT = 60;

/** The least room what happened keeps; a fix that leaves less is a mistake in the code that built it. */
const LEAST_SUMMARY = 60;

export interface Diagnostic {
  /** The object it is about, as the user names it ("tcs:ProviderConfig pcfg_..."), when there is one. */
  readonly object?: string;
  /** What happened, in a clause or two. Values from outside go in through `quoted`. */
  readonly summary: string;
  /** The fix, as a command the user can run or the setting or input to change. */
  readonly fix: string;
  /** The docs section that says more. */
  readonly docs: DocsSection;
  /** The fix comes before what happened: when it is the likeliest way out and what happened is long. */
  readonly fixFirst?: boolean;
}

/** The diagnostic as one line: `<object>: <what happened>. <fix>. See <section>`, at most MESSAGE_LIMIT characters. */
export function render(diagnostic: Diagnostic): string {
  const subject = diagnostic.object === undefined ? "" : `${oneLine(diagnostic.object)}: `;
  const fix = sentence(diagnostic.fix);
  const see = `See ${diagnostic.docs}`;
  const fixed = subject.length + fix.length + see.length + 2;
  const room = MESSAGE_LIMIT - fixed;
  if (room < LEAST_SUMMARY) throw new RangeError(`a diagnostic's fix leaves ${room} characters for what happened: ${fix}`);
  const summary = sentence(cut(oneLine(diagnostic.summary), room));
  return diagnostic.fixFirst ? `${subject}${fix} ${summary} ${see}` : `${subject}${summary} ${fix} ${see}`;
}

/** An Error whose message is the rendered diagnostic, kept with it for whoever catches it. */
export class DiagnosticError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(render(diagnostic));
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
