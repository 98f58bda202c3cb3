// Debug logging: one line per attempt (method, path with query, status, duration, retry count,
// request id). Off unless the caller passes a logger or sets TCS_DEBUG=1. Every line is redacted
// before it is written, whatever the caller's logger does with it.

import { redactSecrets } from "./redact";

export type LogSink = (line: string) => void;

export interface AttemptLog {
  method: string;
  pathWithQuery: string;
  /** HTTP status, or the failure's name when no response arrived. */
  outcome: number | string;
  durationMs: number;
  retry: number;
  requestId?: string;
  note?: string;
}

export class DebugLogger {
  readonly #sink: LogSink | undefined;
  readonly #secrets: readonly string[];

  constructor(sink: LogSink | undefined, secrets: readonly string[]) {
    this.#sink = sink;
    this.#secrets = secrets;
  }

  get enabled(): boolean {
    return this.#sink !== undefined;
  }

  attempt(entry: AttemptLog): void {
    if (!this.#sink) return;
    const parts = [
      "[tcs]",
      entry.method,
      entry.pathWithQuery,
      "->",
      String(entry.outcome),
      `${Math.round(entry.durationMs)}ms`,
      `retry=${entry.retry}`,
      `request_id=${entry.requestId ?? "-"}`,
    ];
    if (entry.note) parts.push(entry.note);
    this.line(parts.join(" "));
  }

  line(text: string): void {
    if (!this.#sink) return;
    this.#sink(redactSecrets(text, this.#secrets));
  }
}

/** The caller's logger, else stderr when TCS_DEBUG=1, else nothing. */
export function resolveLogSink(option: LogSink | undefined, env: NodeJS.ProcessEnv = process.env): LogSink | undefined {
  if (option) return option;
  if (env.TCS_DEBUG === "1") return (line) => process.stderr.write(`${line}\n`);
  return undefined;
}
