// A warning from inside the provider plugin. The plugin has no engine connection for log events of
// its own; what it writes to stderr reaches the user in the engine's diagnostics for the stack.
export function warn(message: string): void {
  process.stderr.write(`warning: ${message}\n`);
}
