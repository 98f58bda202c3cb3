// A warning from inside the provider plugin, for the user. Through the dynamic door the plugin has no
// engine connection of its own: what it writes to stderr reaches the user in the engine's diagnostics
// for the stack. The native door has one and sends warnings to the engine's Log service instead
// (native/engine-log.ts), since the engine does not show a native plugin's stderr; there, a warning
// about a resource names its URN, so the engine shows it with that resource rather than the stack.
// A warning is a diagnostic (diagnostic.ts), rendered here, in one place, for both doors.
import { MESSAGE_LIMIT, render, type Diagnostic } from "../diagnostic";

export interface Warning {
  message: string;
  /** The resource the warning is about, where the door knows it (the native one). */
  urn?: string;
}

/** What the dynamic door's stderr puts before a warning, which the engine shows with it. */
const STDERR_PREFIX = "warning: ";

let sink: (warning: Warning) => void = ({ message }) => process.stderr.write(`${STDERR_PREFIX}${message}\n`);

/** A diagnostic as a warning's text, within the limit with the stderr prefix: every warning is one. */
export function warningText(warning: Diagnostic): string {
  return render(warning, MESSAGE_LIMIT - STDERR_PREFIX.length);
}

/** A warning about the whole run or a connection (its key, its rate limit): shown with the stack. */
export function warn(warning: Diagnostic): void {
  sink({ message: warningText(warning) });
}

/** A warning about one resource (an object taken over, let go of, kept), shown with it when its `urn` is known. */
export function warnAboutResource(warning: Diagnostic, urn: string | undefined): void {
  sink({ message: warningText(warning), urn });
}

/** Sends every later warning to `next` instead of stderr. */
export function sendWarningsTo(next: (warning: Warning) => void): void {
  sink = next;
}

/**
 * The dynamic door's closest to a status: a line on stderr, which the engine shows as it comes. At most
 * one a half-minute, so a long wait is followed, not flooded; a cleared status (done) says nothing.
 */
const STDERR_STATUS_EVERY_MS = 30_000;
let lastStderrStatus = 0;
let statusSink: (status: Warning) => void = ({ message }) => {
  if (message === "" || Date.now() - lastStderrStatus < STDERR_STATUS_EVERY_MS) return;
  lastStderrStatus = Date.now();
  process.stderr.write(`${message}\n`);
};

/**
 * What a resource is doing now (waiting for the rate limit), shown on its line while it lasts: the
 * native door sends it to the engine as an ephemeral message, which the next one replaces; "" clears it.
 */
export function statusOfResource(message: string, urn: string | undefined): void {
  statusSink({ message, urn });
}

/** Sends every later status to `next`. */
export function sendStatusTo(next: (status: Warning) => void): void {
  statusSink = next;
}
