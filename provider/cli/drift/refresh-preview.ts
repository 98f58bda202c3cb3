// One refresh preview of a stack by the pulumi CLI, read as the engine's events: what the drift report
// is built from. The CLI is run directly with `--event-log` (the file the Automation API tails), not
// through the Automation API, whose module loads most of @pulumi/pulumi's dependencies: the plugin
// executable carries this command, and its start would parse them all.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";

export interface RefreshPreviewFailure {
  /** The CLI's exit code, or null when it could not be started. */
  code: number | null;
  /** What the CLI printed, stdout (where it prints the engine's diagnostics) then stderr, or why it could not start. */
  output: string;
  /** The errors the engine reported as events (a provider's, the engine's own), as it worded them. */
  errors: string[];
}

/** Runs `pulumi refresh --preview-only` of the stack in workDir; resolves with its events, or rejects with a RefreshPreviewFailure. */
export async function refreshPreviewEvents(stack: string, workDir: string): Promise<EngineEvent[]> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-drift-"));
  const eventLog = path.join(logDir, "events.jsonl");
  try {
    const args = [
      "refresh",
      "--preview-only",
      "--stack",
      stack,
      "--non-interactive",
      "--color",
      "never",
      "--event-log",
      eventLog,
    ];
    // A preview never asks for confirmation; CI often sets PULUMI_SKIP_CONFIRMATIONS=true, which the
    // CLI would turn into --yes, refused next to --preview-only. --event-log is one of the CLI's debug
    // flags, which PULUMI_DEBUG_COMMANDS shows (as the Automation API sets it).
    const env = { ...process.env, PULUMI_SKIP_CONFIRMATIONS: "false", PULUMI_DEBUG_COMMANDS: "true" };
    const failure = await new Promise<RefreshPreviewFailure | undefined>((resolve) => {
      const child = spawn("pulumi", args, { cwd: workDir, env, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.on("error", (error) =>
        resolve({
          code: null,
          output: `the pulumi CLI could not be started (${error.message}): install it and put it on PATH`,
          errors: [],
        }),
      );
      child.on("close", (code) =>
        resolve(code === 0 ? undefined : { code, output: `${stdout}\n${stderr}`, errors: [] }),
      );
    });
    if (failure) throw { ...failure, errors: errorsIn(readEvents(eventLog)) };
    return readEvents(eventLog);
  } finally {
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

/** The error diagnostics among the events, each message as the engine has it. */
function errorsIn(events: EngineEvent[]): string[] {
  return events.flatMap((event) =>
    event.diagnosticEvent?.severity === "error" ? [event.diagnosticEvent.message.trim()] : [],
  );
}

function readEvents(file: string): EngineEvent[] {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as EngineEvent);
}
