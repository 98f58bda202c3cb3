import type { Clock } from "./clock";
import type { Environment, KeyType } from "./environments";
import type { Query } from "./query";
import type { Store } from "./storage/store";

/** How fast the emulator's background life moves (all in real milliseconds). */
export interface Timing {
  instanceRegistrationMs: number;
  deploymentStepMs: number;
  eventProcessingMs: number;
}

/** What every handler can reach: storage, the clock, timing and the server's own base URL. */
export interface EmulatorState {
  store: Store;
  clock: Clock;
  timing: Timing;
  /** Base URL of the running server (no trailing slash); capability URLs hang off it. */
  baseUrl(): string;
  /** Schedules background work (instance registration, polling) and wakes the ticker. */
  schedule(env: string, kind: JobKind, ref: string, dueAt: number): void;
}

export type JobKind = "register_instances" | "poll";

export interface ApiRequest {
  method: string;
  params: Record<string, string>;
  query: Query;
  body: unknown;
  env: Environment;
  keyType: KeyType;
}

export type Handler = (request: ApiRequest, state: EmulatorState) => unknown;

export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Template with `{param}` segments, e.g. `/callbacks/{callback_id}`; also the counters' route key. */
  path: string;
  handler: Handler;
  /** True when a publishable key may call it (contract: only the config schema). */
  publishable?: boolean;
}

/** Drops the internal (`_`-prefixed) fields of a stored document: what is left is the wire record. */
export function wire<T extends object>(doc: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!key.startsWith("_")) out[key] = value;
  return out as T;
}
