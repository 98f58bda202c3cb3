// A warning from inside the provider plugin, for the user. Through the dynamic door the plugin has no
// engine connection of its own: what it writes to stderr reaches the user in the engine's diagnostics
// for the stack. The native door has one and sends warnings to the engine's Log service instead
// (native/engine-log.ts), since the engine does not show a native plugin's stderr.
let sink: (message: string) => void = (message) => process.stderr.write(`warning: ${message}\n`);

export function warn(message: string): void {
  sink(message);
}

/** Sends every later warning to `next` instead of stderr. */
export function sendWarningsTo(next: (message: string) => void): void {
  sink = next;
}
