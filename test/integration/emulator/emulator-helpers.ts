import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../../emulator/index";

/** Helpers of the emulator conformance suite: a running emulator plus a tiny HTTP client over fetch. */
export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export type Call = <T = any>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Reply<T>>;

export function client(baseUrl: string, key?: string): Call {
  return async (method, path, body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)["Content-Type"] = "application/json";
    }
    const response = await fetch(baseUrl + path, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      // HTML pages stay text
    }
    return { status: response.status, headers: response.headers, body: parsed as any };
  };
}

/** Generous limits so the suite never trips them by accident (rate-limit tests set their own). */
export const RELAXED_LIMITS: EmulatorOptions["rateLimits"] = {
  perIp: { limit: 1_000_000, windowMs: 10_000 },
  development: { limit: 1_000_000, windowMs: 600_000 },
  production: { limit: 1_000_000, windowMs: 600_000 },
};

export interface Harness {
  emu: RunningEmulator;
  /** Secret key of the development environment. */
  dev: Call;
  prod: Call;
  devPublishable: Call;
  anonymous: Call;
  /** The control plane (no key). */
  control: Call;
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emu = await startEmulator({
    rateLimits: RELAXED_LIMITS,
    timing: { instanceRegistrationMs: 50, deploymentStepMs: 200 },
    ...options,
  });
  return {
    emu,
    dev: client(emu.url, emu.keys.development.secret),
    prod: client(emu.url, emu.keys.production.secret),
    devPublishable: client(emu.url, emu.keys.development.publishable),
    anonymous: client(emu.url),
    control: client(emu.url),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a truthy value or the time is up. */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 3000,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(everyMs);
  }
}

export const ID_FORMAT = (prefix: string) => new RegExp(`^${prefix}[0-9A-Za-z]{20}$`);
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
