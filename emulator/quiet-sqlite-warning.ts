// node:sqlite prints an ExperimentalWarning when loaded. The CLI's output is read by people and
// scripts, so this one warning is dropped; every other warning is still printed. Import it first.
const defaultListeners = process.listeners("warning");
process.removeAllListeners("warning");
process.on("warning", (warning) => {
  if (warning.name === "ExperimentalWarning" && /SQLite/i.test(warning.message)) return;
  for (const listener of defaultListeners) listener(warning);
});
