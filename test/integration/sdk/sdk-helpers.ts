// Shared by the SDK's emulator tests: an emulator with generous limits (tests that exercise rate
// limits set their own), clients for its keys, and its control plane.

import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../../emulator/index";
import { ToolConnectivityClient, type ClientOptions } from "../../../sdk/index";
import { closeSharedAgents } from "../../../sdk/internal/agents";

export const RELAXED_LIMITS: EmulatorOptions["rateLimits"] = {
  perIp: { limit: 1_000_000, windowMs: 10_000 },
  development: { limit: 1_000_000, windowMs: 600_000 },
  production: { limit: 1_000_000, windowMs: 600_000 },
};

export interface SdkHarness {
  emu: RunningEmulator;
  /** A client with the development secret key; the client's own limiter off unless given. */
  client(options?: ClientOptions): ToolConnectivityClient;
  control<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startSdkHarness(options: EmulatorOptions = {}): Promise<SdkHarness> {
  const emu = await startEmulator({
    rateLimits: RELAXED_LIMITS,
    timing: { instanceRegistrationMs: 50, deploymentStepMs: 100, eventProcessingMs: 50 },
    ...options,
  });
  return {
    emu,
    client: (clientOptions = {}) =>
      new ToolConnectivityClient({
        apiKey: emu.keys.development.secret,
        baseUrl: emu.url,
        rateLimit: false,
        ...clientOptions,
      }),
    async control(method, path, body) {
      const response = await fetch(`${emu.url}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as never;
    },
    async close() {
      await closeSharedAgents();
      await emu.close();
    },
  };
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
