// A setup session whose `integration_instance` is null: the spec shows the field as an object whose
// fields it does not show, and the emulator itself answers null when a session's draft instance is
// gone. Either way a read of the session (a refresh, a drift run) must not fail on it.

import { IntegrationSetupSessionSchema } from "../../../sdk/index";
import { fromWire } from "../../../sdk/internal/casing";
import { Clock } from "../../../emulator/clock";
import { renderSession, type SetupSessionDoc } from "../../../emulator/model/setup-sessions";
import type { EmulatorState } from "../../../emulator/state";
import { Store } from "../../../emulator/storage/store";
import { json, mockedClient } from "./helpers";

const T0 = "2026-11-21T10:00:00.000Z";
const ENV = "env_development";

function wireSession(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    object: "integration.setup_session",
    id: "iss_00000000000000000001",
    status: "pending",
    url: "https://setup.example.com/s/abc",
    name: "Onboard Ada",
    description: null,
    metadata: null,
    configuration: null,
    redirect_url: null,
    integration_id: "int_00000000000000000001",
    integration_instance: null,
    created_at: T0,
    updated_at: T0,
    expires_at: "2026-11-22T10:00:00.000Z",
    ...overrides,
  };
}

describe("regression: session integration_instance null", () => {
  it("the SDK reads a session whose integration_instance is null (get and list)", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/integration-setup-sessions/iss_00000000000000000001", method: "GET" })
      .reply(200, wireSession(), { headers: json });
    pool
      .intercept({ path: "/integration-setup-sessions?integration_id=int_00000000000000000001", method: "GET" })
      .reply(
        200,
        { items: [wireSession()], pagination: { has_more_after: false, has_more_before: false } },
        { headers: json },
      );

    const session = await client.integrationSetupSessions.retrieve("iss_00000000000000000001");
    expect(session.integrationInstance).toBeNull();
    expect(session.name).toBe("Onboard Ada");
    const page = await client.integrationSetupSessions.list({ integrationId: "int_00000000000000000001" });
    expect(page.items.map((s) => s.integrationInstance)).toEqual([null]);
  });

  it("the emulator's answer for a session whose draft instance is gone reads through the SDK's schema", () => {
    const store = new Store(":memory:");
    try {
      const state: EmulatorState = {
        store,
        clock: new Clock(),
        timing: { instanceRegistrationMs: 0, deploymentStepMs: 0, eventProcessingMs: 0 },
        baseUrl: () => "http://127.0.0.1:1",
        schedule: () => {},
      };
      const doc: SetupSessionDoc = {
        object: "integration.setup_session",
        id: "iss_00000000000000000002",
        status: "pending",
        url: "/_setup/token",
        name: "orphaned",
        description: null,
        metadata: null,
        configuration: null,
        redirect_url: null,
        integration_id: "int_00000000000000000001",
        // No integration_instance record with this id exists in the store.
        integration_instance_id: "inst_00000000000000000009",
        created_at: T0,
        updated_at: T0,
        expires_at: "2099-01-01T00:00:00.000Z",
        _identity_actor_id: null,
        _identity_id: null,
      };
      store.insert(ENV, "setup_session", doc);
      const answer = JSON.parse(JSON.stringify(renderSession(state, ENV, doc))) as Record<string, unknown>;
      expect(answer.integration_instance).toBeNull();
      const parsed = IntegrationSetupSessionSchema.safeParse(fromWire(answer));
      expect(parsed.success ? parsed.data.integrationInstance : parsed.error.issues).toBeNull();
    } finally {
      store.close();
    }
  });
});
