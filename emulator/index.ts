import type { EnvironmentKeys } from "./environments";
import { TEST_KEYS } from "./environments";
import type { Fixtures } from "./fixtures/index";
import type { RateLimitWindow } from "./rate-limit";
import { EmulatorServer } from "./server";

/**
 * The Tool Connectivity Service emulator, in process: `startEmulator()` serves the public API at
 * the root of `url`, and the control plane under `/_emulator/`. See emulator/README.md.
 */
export type { EnvironmentKeys } from "./environments";
export type { Fixtures } from "./fixtures/index";
export type { RateLimitWindow } from "./rate-limit";
export { TEST_KEYS } from "./environments";

export interface EmulatorOptions {
  /** Default "127.0.0.1". */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Default ":memory:"; a file path persists (WAL, synchronous FULL). */
  db?: string;
  /** Defaults from the contract: per IP 1000/10 s, development keys 100/600 s, production keys 5000/600 s. */
  rateLimits?: { perIp?: RateLimitWindow; development?: RateLimitWindow; production?: RateLimitWindow };
  /** When set, the control plane requires `Authorization: Bearer <adminToken>` (else: loopback only). */
  adminToken?: string;
  /** Background life: callback instance registration (~500 ms) and one custom deployment step (~1000 ms). */
  timing?: { instanceRegistrationMs?: number; deploymentStepMs?: number; eventProcessingMs?: number };
  /**
   * At most this many records a list page holds, whatever `limit` asks (default 100, the contract's
   * maximum `limit`). Lower, it plays a service that serves fewer records a page than asked.
   */
  maxPageSize?: number;
  /** Default: silent. */
  log?: (line: string) => void;
}

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:43123 (no trailing slash); the API base URL. */
  url: string;
  keys: { development: EnvironmentKeys; production: EnvironmentKeys };
  /** The same object `GET /_emulator/fixtures` returns (snake_case). */
  fixtures: Fixtures;
  close(): Promise<void>;
}

export const DEFAULT_RATE_LIMITS = {
  perIp: { limit: 1000, windowMs: 10_000 },
  development: { limit: 100, windowMs: 600_000 },
  production: { limit: 5000, windowMs: 600_000 },
} as const;

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const maxPageSize = options.maxPageSize ?? 100;
  if (!Number.isInteger(maxPageSize) || maxPageSize < 1)
    throw new Error(`maxPageSize must be a positive integer, got ${String(options.maxPageSize)}`);
  const server = new EmulatorServer({
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    db: options.db ?? ":memory:",
    rateLimits: {
      perIp: { ...DEFAULT_RATE_LIMITS.perIp, ...options.rateLimits?.perIp },
      development: { ...DEFAULT_RATE_LIMITS.development, ...options.rateLimits?.development },
      production: { ...DEFAULT_RATE_LIMITS.production, ...options.rateLimits?.production },
    },
    adminToken: options.adminToken,
    timing: {
      instanceRegistrationMs: options.timing?.instanceRegistrationMs ?? 500,
      deploymentStepMs: options.timing?.deploymentStepMs ?? 1000,
      eventProcessingMs: options.timing?.eventProcessingMs ?? 250,
    },
    maxPageSize,
    log: options.log ?? (() => {}),
  });
  const url = await server.listen();
  let closed: Promise<void> | undefined;
  return {
    url,
    keys: { development: { ...TEST_KEYS.development }, production: { ...TEST_KEYS.production } },
    fixtures: server.fixtures,
    close: () => (closed ??= server.close()),
  };
}
