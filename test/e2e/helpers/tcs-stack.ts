// A Pulumi stack wired to an emulator started in this test process: the provider's stack config
// (`tcs:apiKey` as a secret, `tcs:baseUrl`), the emulator's request counters and fault rules.
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "pulumi-tcs/emulator";
import type { OpenStackOptions } from "../../lib/engine";
import { openCheckedStack, type CheckedStack } from "./post-apply-plan";
import { makeScratch, type Scratch } from "./workspace";

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ timing: { instanceRegistrationMs: 50, deploymentStepMs: 100 }, ...options });
}

export interface TcsStack {
  scratch: Scratch;
  /** Opens the stack with this program (stacks are reopened to change the program between runs); each `up` plans again after (post-apply-plan.ts). */
  open(program: PulumiFn): Promise<CheckedStack>;
}

export function tcsStack(
  name: string,
  emulator: RunningEmulator,
  environment: "development" | "production" = "production",
  /** Overrides of the stack config, e.g. a custom `tcs:rateLimitTier`. */
  extraConfig: Record<string, string> = {},
  /** The CLI's environment, and the project's plugins (the native door's stacks name pulumi-resource-tcs). */
  engine: Pick<OpenStackOptions, "env" | "plugins"> = {},
): TcsStack {
  const scratch = makeScratch(name);
  return {
    scratch,
    open: (program) =>
      openCheckedStack({
        program,
        workDir: scratch.dir,
        stackName: name,
        backendDir: scratch.backendDir,
        ...engine,
        config: {
          "tcs:apiKey": { value: emulator.keys[environment].secret, secret: true },
          "tcs:baseUrl": { value: emulator.url },
          "tcs:rateLimitTier": { value: environment },
          ...Object.fromEntries(Object.entries(extraConfig).map(([key, value]) => [key, { value }])),
        },
      }),
  };
}

async function control(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${emulator.url}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /_emulator${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

export interface RequestCounts {
  total: number;
  /** 429s answered by the emulator's rate limits (injected faults excluded). */
  rate_limited: number;
  by_route: Record<string, number>;
}

export const requests = {
  read: (emulator: RunningEmulator): Promise<RequestCounts> => control(emulator, "GET", "/requests"),
  reset: (emulator: RunningEmulator): Promise<void> => control(emulator, "DELETE", "/requests"),
  /** Requests counted per method ("POST" -> n), from the per-route counters. */
  async byMethod(emulator: RunningEmulator): Promise<Record<string, number>> {
    const counts = await requests.read(emulator);
    const out: Record<string, number> = {};
    for (const [route, n] of Object.entries(counts.by_route)) {
      const method = route.split(" ")[0];
      out[method] = (out[method] ?? 0) + n;
    }
    return out;
  },
};

export interface FaultRule {
  method?: string;
  path?: string;
  status?: number;
  code?: string;
  probability?: number;
  count?: number;
  latency_ms?: number;
  jitter_ms?: number;
  retry_after?: number;
  drop_after_commit?: boolean;
  /** Drop the connection at once, and commit the request this many ms later. */
  late_commit_ms?: number;
  /** Drop the connection at once, and commit the request when `faults.release` comes. */
  late_commit_held?: boolean;
}

export const faults = {
  set: (emulator: RunningEmulator, rules: FaultRule[], seed = 1): Promise<void> =>
    control(emulator, "POST", "/faults", { seed, rules }),
  clear: (emulator: RunningEmulator): Promise<void> => control(emulator, "DELETE", "/faults"),
  /** Lets the requests a `late_commit_held` rule holds commit. */
  release: (emulator: RunningEmulator): Promise<{ released: number }> => control(emulator, "POST", "/faults/release"),
  describe: (emulator: RunningEmulator): Promise<{ rules: Array<FaultRule & { fired: number }> }> =>
    control(emulator, "GET", "/faults"),
};

/** The emulator's clock: moving it forward expires sessions and runs what became due. */
export const clock = {
  advance: (emulator: RunningEmulator, ms: number): Promise<{ offset_ms: number; now: string }> =>
    control(emulator, "POST", "/clock", { advance_ms: ms }),
};

/** Archives a callback as the service does when callbacks are disabled on its integration provider (detaches its instances). */
export function archiveCallback(emulator: RunningEmulator, callbackId: string): Promise<unknown> {
  return control(emulator, "POST", `/callbacks/${encodeURIComponent(callbackId)}/archive`, {});
}

/** A call to the emulator's public API with a secret key, as an out-of-band change would be made. */
export async function api(
  emulator: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
  environment: "development" | "production" = "production",
): Promise<any> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${emulator.keys[environment].secret}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Every record of a list endpoint, all pages. */
export async function listAll(
  emulator: RunningEmulator,
  path: string,
  environment: "development" | "production" = "production",
): Promise<any[]> {
  const items: any[] = [];
  let after: string | undefined;
  for (;;) {
    const sep = path.includes("?") ? "&" : "?";
    const page = await api(
      emulator,
      "GET",
      `${path}${sep}limit=100${after ? `&after=${after}` : ""}`,
      undefined,
      environment,
    );
    items.push(...page.items);
    if (!page.pagination.has_more_after) return items;
    after = page.items[page.items.length - 1].id;
  }
}
