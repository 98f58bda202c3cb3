// MockAgent-backed clients for unit tests: each gets its own origin, so the process-wide rate-limit
// gate (keyed by key and base URL) starts fresh in every test.

import { MockAgent, type MockPool } from "undici";
import { ToolConnectivityClient, type ClientOptions } from "../../../sdk/index";

export const SECRET_KEY = "service_sk_unitTestSecretKey0123456789";
export const PUBLISHABLE_KEY = "service_pk_unitTestPublishableKey012345";

let counter = 0;

export interface MockedClient {
  client: ToolConnectivityClient;
  pool: MockPool;
  agent: MockAgent;
  origin: string;
  logs: string[];
}

export function mockedClient(options: ClientOptions = {}): MockedClient {
  counter += 1;
  const origin = `https://api-${counter}-${process.pid}.test`;
  const agent = new MockAgent();
  agent.disableNetConnect();
  const logs: string[] = [];
  const client = new ToolConnectivityClient({
    apiKey: SECRET_KEY,
    baseUrl: origin,
    dispatcher: agent,
    logger: (line) => logs.push(line),
    ...options,
  });
  return { client, pool: agent.get(origin), agent, origin, logs };
}

export const json = { "content-type": "application/json" };

export function wireCallback(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    object: "callback",
    id: "cb_00000000000000000001",
    status: "active",
    name: "orders",
    description: null,
    metadata: { team_name: "payments", camelKey: 1 },
    integration_id: "int_00000000000000000001",
    integration_provider_id: "intp_0000000000000000001",
    provider_id: "prov_0000000000000000001",
    created_at: "2026-11-21T10:00:00.000Z",
    updated_at: "2026-11-21T10:00:00.000Z",
    ...overrides,
  };
}

export function wireRole(i: number): Record<string, unknown> {
  return {
    object: "role",
    id: `rol_${String(i).padStart(20, "0")}`,
    name: `Role ${i}`,
    slug: `role-${i}`,
    description: "",
    isDefault: false,
    permissions: ["thread_read"],
    created_at: "2026-11-21T10:00:00.000Z",
    updated_at: "2026-11-21T10:00:00.000Z",
  };
}

export function errorBody(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return { object: "error", status, code, message, ...extra };
}
