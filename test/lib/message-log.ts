// With TCS_E2E_MESSAGE_LOG=<file>, every warning and error the engine reports in a test's runs is
// appended to that file, one JSON line each: how the closing measure of issue 59 ("the longest message
// any e2e test sees") is taken over a whole e2e run. Without it, stacks are left as they are.
import * as fs from "node:fs";
import type { EngineEvent, Stack } from "@pulumi/pulumi/automation";

type WithEvents = { onEvent?: (event: EngineEvent) => void };
const OPERATIONS = ["up", "preview", "refresh", "destroy"] as const;

/** The stack, its operations recording the engine's warnings and errors when the log is asked for. */
export function recordingMessages(stack: Stack): Stack {
  const file = process.env.TCS_E2E_MESSAGE_LOG;
  if (!file) return stack;
  // Scripts (npm run demo, run-program) open stacks through this module too, outside jest.
  const test = typeof expect === "undefined" ? "" : (expect.getState().currentTestName ?? "");
  for (const operation of OPERATIONS) {
    const original = (stack[operation] as (options?: WithEvents) => Promise<unknown>).bind(stack);
    (stack as unknown as Record<string, unknown>)[operation] = (options: WithEvents = {}) =>
      original({
        ...options,
        onEvent: (event: EngineEvent) => {
          const diagnostic = event.diagnosticEvent;
          if (diagnostic && !diagnostic.ephemeral && ["warning", "error", "info#err"].includes(diagnostic.severity)) {
            fs.appendFileSync(
              file,
              `${JSON.stringify({ test, severity: diagnostic.severity, message: diagnostic.message.trim() })}\n`,
            );
          }
          options.onEvent?.(event);
        },
      });
  }
  return stack;
}
