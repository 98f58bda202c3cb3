// What tells an orphan from the object a replacement replaces. Both carry the resource's create marker
// and neither is in the inputs a create sees: an orphan (a run killed between its POST and its state
// write, or a create whose answer was lost) must be taken over, never made twice; the object that
// `pulumi up --replace` replaces must not be, or the replacement is the same object (the engine gives
// a targeted replace no old inputs and calls no diff, so nothing else tells them apart).
// So a create writes its intent on this machine before it sends the request and removes it once the
// create returned an object (made or taken over): an intent still there on the next run is the mark of
// a create that did not finish. Without one, an object carrying the marker is one a finished create
// made: recorded in state (a replacement is under way), or made by a run on another machine. Either
// way it is not taken over: the create path removes it and makes the object anew (create-path.ts).
// An intent also names the objects that already carried the marker when the create began: a setup
// session cannot be deleted, so one made by an earlier create of the same resource (before a move to
// another connection and back) may still carry it, and it is not what the unfinished create made.
// Nothing secret is written: the file name is a hash of the marker, itself an HMAC; the ids are in state.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DiagnosticError, quoted, type Diagnostic, type Refusal } from "../diagnostic";

/** An intent older than this is a run's that nobody resumed: its object, if any, is treated as any other. */
const INTENT_LIFETIME_MS = 30 * 24 * 60 * 60_000;

/** `TCS_CREATE_INTENTS_DIR` (unless empty), or `~/.pulumi-tcs/create-intents`. */
function intentsDir(): string {
  return process.env.TCS_CREATE_INTENTS_DIR || path.join(os.homedir(), ".pulumi-tcs", "create-intents");
}

function fileOf(marker: string): string {
  return path.join(intentsDir(), createHash("sha256").update(marker).digest("hex").slice(0, 32));
}

/** A create that began on this machine and did not finish. */
export interface UnfinishedCreate {
  /** Objects that carried the marker before it began: not what it made. */
  readonly before: ReadonlySet<string>;
  /** When it began (ms since the epoch): an object made earlier is not what it made. */
  readonly began: number;
  /**
   * Until when (ms since the epoch) the service may still commit its request, whose answer never came:
   * a rerun that creates before then could make a second object. Absent: its request was answered, or
   * never sent.
   */
  readonly settlesBy?: number;
}

/**
 * Records that a create with this marker is about to be sent, and which objects carried the marker
 * already. Without the intent, a create whose answer is lost could not be resumed on this machine, and
 * an object it made would be nobody's to take over: so a store that cannot be written fails the create
 * before its request is sent, naming the setting that moves the store.
 */
export function beginCreate(marker: string, before: readonly string[] = []): void {
  const file = fileOf(marker);
  const write = () => fs.writeFileSync(file, JSON.stringify({ began: new Date().toISOString(), before }));
  try {
    try {
      write();
    } catch (error) {
      // The directory is made when first missing, rather than asked for before every create.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      write();
    }
  } catch (error) {
    throw new CreateIntentStoreError(unrecordable(error));
  }
}

/**
 * The create returned an object, or certainly made none: nothing is left to resume. The object is
 * this resource's either way, so an intent that cannot be removed is said (the next run on this
 * machine would read it as an unfinished create of the same resource, which finds that object
 * recorded and takes nothing else) and the result is kept.
 */
export function endCreate(marker: string): Diagnostic | undefined {
  try {
    fs.unlinkSync(fileOf(marker));
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return {
      summary: `the create finished, but its intent could not be removed from ${intentsDir()} (${storeProblem(error)})`,
      fix: "Remove the file, or set TCS_CREATE_INTENTS_DIR to a writable directory",
      docs: STORE_SECTION,
    };
  }
}

/**
 * The create's request went unanswered and the service may still commit it until `settlesBy`: recorded
 * in its intent for the next run (the create path waits for that moment before it creates again). A
 * store that cannot be written is said, as endCreate's; the next run then treats it as any unfinished create.
 */
export function mayCommitUntil(marker: string, settlesBy: number): Diagnostic | undefined {
  const file = fileOf(marker);
  try {
    const intent = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    fs.writeFileSync(file, JSON.stringify({ ...intent, settlesBy: new Date(settlesBy).toISOString() }));
    return undefined;
  } catch (error) {
    return {
      summary: `the service may still commit this create until ${new Date(settlesBy).toISOString()}, and that could not be recorded in ${intentsDir()} (${storeProblem(error)})`,
      fix: "Wait until then before running pulumi up again",
      docs: STORE_SECTION,
    };
  }
}

/**
 * Why a create is refused when its intent cannot be written. The fix names the store's directory,
 * whole up to 100 characters (a fix is never cut), so what happened says only the error's code.
 */
export function unrecordable(error: unknown): Refusal {
  const dir = intentsDir();
  const code = (error as NodeJS.ErrnoException).code;
  return {
    summary: `cannot record the create on this machine before sending it: ${code ?? storeProblem(error)}. Nothing was created`,
    fix: `Set TCS_CREATE_INTENTS_DIR to a writable directory (it is ${dir.length <= 100 ? dir : quoted(dir)})`,
    docs: STORE_SECTION,
  };
}

/** A store that cannot record a create: the create is refused before anything is sent. */
export class CreateIntentStoreError extends DiagnosticError {}

const STORE_SECTION = "docs/troubleshooting.md#the-create-intent-store";

function storeProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = error instanceof Error ? error.message : String(error);
  // Node's `ENOTDIR: not a directory, open '<path>'`: the code and the reason; the message names the directory.
  return code ? `${code}, ${reason.replace(/^\w+: /, "").replace(/, \w+ '[^']*'$/, "")}` : reason;
}

/** The create with this marker that began on this machine and did not finish, if any. */
export function unfinishedCreate(marker: string): UnfinishedCreate | undefined {
  try {
    // No intent is the common case (every create of a new resource): answered without an exception.
    const file = fileOf(marker);
    const intent = fs.statSync(file, { throwIfNoEntry: false });
    if (intent === undefined || Date.now() - intent.mtimeMs >= INTENT_LIFETIME_MS) return undefined;
    return readIntent(fs.readFileSync(file, "utf8"), intent.mtimeMs);
  } catch {
    return undefined;
  }
}

/** An intent's contents; one written by an earlier version holds only its date, and names no ids. */
function readIntent(text: string, written: number): UnfinishedCreate {
  let parsed: { began?: unknown; before?: unknown; settlesBy?: unknown } = {};
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === "object") parsed = value;
  } catch {
    // Unreadable: nothing but the file's own date is known.
  }
  const began = typeof parsed.began === "string" ? Date.parse(parsed.began) : NaN;
  const before = Array.isArray(parsed.before) ? parsed.before.filter((id): id is string => typeof id === "string") : [];
  const settlesBy = typeof parsed.settlesBy === "string" ? Date.parse(parsed.settlesBy) : NaN;
  return {
    before: new Set(before),
    began: Number.isNaN(began) ? written : began,
    ...(Number.isNaN(settlesBy) ? {} : { settlesBy }),
  };
}
