#!/usr/bin/env node
import "./quiet-sqlite-warning";
import { parseArgs } from "node:util";
import { DEFAULT_RATE_LIMITS, startEmulator, type EmulatorOptions } from "./index";

const USAGE = `tcs-emulator: a local, stateful emulator of the Tool Connectivity Service API

Usage: tcs-emulator [options]

  --port <n>                 port to listen on (default 4010; 0 = any free port)
  --host <host>              interface to bind (default 127.0.0.1)
  --db <file|:memory:>       SQLite database (default .tcs/emulator.db; :memory: keeps nothing)
  --admin-token <token>      require "Authorization: Bearer <token>" on /_emulator/ (default: loopback only)
  --ip-limit <n>             requests per IP per window (default ${DEFAULT_RATE_LIMITS.perIp.limit})
  --ip-window-ms <ms>        (default ${DEFAULT_RATE_LIMITS.perIp.windowMs})
  --dev-limit <n>            requests per development key per window (default ${DEFAULT_RATE_LIMITS.development.limit})
  --dev-window-ms <ms>       (default ${DEFAULT_RATE_LIMITS.development.windowMs})
  --prod-limit <n>           requests per production key per window (default ${DEFAULT_RATE_LIMITS.production.limit})
  --prod-window-ms <ms>      (default ${DEFAULT_RATE_LIMITS.production.windowMs})
  --registration-ms <ms>     delay before a new callback's instances are registered (default 500)
  --deployment-step-ms <ms>  duration of one custom provider deployment step (default 1000)
  --max-page-size <n>        at most n records a list page, whatever limit asks (default 100)
  --quiet                    print only the JSON line
  --help                     this text

On start it prints the URL and the well-known test keys, then one line of JSON:
  {"url":"http://127.0.0.1:4010","keys":{"development":{...},"production":{...}},"db":"..."}`;

function positiveInt(name: string, value: string | undefined, allowZero = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) {
    process.stderr.write(
      `tcs-emulator: --${name} must be a ${allowZero ? "non-negative" : "positive"} integer (got ${value})\n`,
    );
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      db: { type: "string" },
      "admin-token": { type: "string" },
      "ip-limit": { type: "string" },
      "ip-window-ms": { type: "string" },
      "dev-limit": { type: "string" },
      "dev-window-ms": { type: "string" },
      "prod-limit": { type: "string" },
      "prod-window-ms": { type: "string" },
      "registration-ms": { type: "string" },
      "deployment-step-ms": { type: "string" },
      "max-page-size": { type: "string" },
      quiet: { type: "boolean" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const db = values.db ?? ".tcs/emulator.db";
  if (db !== ":memory:") {
    const { mkdirSync } = await import("node:fs");
    const { dirname } = await import("node:path");
    mkdirSync(dirname(db), { recursive: true });
  }
  const window = (limit: string, windowMs: string, defaults: { limit: number; windowMs: number }) => ({
    limit: positiveInt(limit, values[limit as keyof typeof values] as string | undefined) ?? defaults.limit,
    windowMs: positiveInt(windowMs, values[windowMs as keyof typeof values] as string | undefined) ?? defaults.windowMs,
  });
  const options: EmulatorOptions = {
    host: values.host ?? "127.0.0.1",
    port: positiveInt("port", values.port, true) ?? 4010,
    db,
    adminToken: values["admin-token"],
    rateLimits: {
      perIp: window("ip-limit", "ip-window-ms", DEFAULT_RATE_LIMITS.perIp),
      development: window("dev-limit", "dev-window-ms", DEFAULT_RATE_LIMITS.development),
      production: window("prod-limit", "prod-window-ms", DEFAULT_RATE_LIMITS.production),
    },
    timing: {
      instanceRegistrationMs: positiveInt("registration-ms", values["registration-ms"], true),
      deploymentStepMs: positiveInt("deployment-step-ms", values["deployment-step-ms"], true),
    },
    maxPageSize: positiveInt("max-page-size", values["max-page-size"]),
    log: values.quiet ? () => {} : (line) => process.stderr.write(`[emulator] ${line}\n`),
  };
  const emulator = await startEmulator(options);
  if (!values.quiet) {
    process.stdout.write(
      [
        `Tool Connectivity Service emulator listening on ${emulator.url}`,
        `  database: ${db}`,
        `  control plane: ${emulator.url}/_emulator/ (${options.adminToken ? "admin token required" : "loopback only"})`,
        "  well-known test keys (valid on this emulator only):",
        `    development secret:         ${emulator.keys.development.secret}`,
        `    development second secret:  ${emulator.keys.development.secondSecret}`,
        `    development publishable:    ${emulator.keys.development.publishable}`,
        `    production secret:          ${emulator.keys.production.secret}`,
        `    production second secret:   ${emulator.keys.production.secondSecret}`,
        `    production publishable:     ${emulator.keys.production.publishable}`,
        "",
      ].join("\n"),
    );
  }
  process.stdout.write(`${JSON.stringify({ url: emulator.url, keys: emulator.keys, db })}\n`);
  const stop = () => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`tcs-emulator: ${(error as Error).message}\n`);
  process.exit(1);
});
