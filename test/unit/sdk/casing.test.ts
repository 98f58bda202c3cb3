import fc from "fast-check";
import { fromWire, toWire } from "../../../sdk/internal/casing";

describe("casing", () => {
  it("converts record keys at every level but keeps user-data maps verbatim", () => {
    const wire = {
      integration_provider_id: "intp_1",
      metadata: { team_name: "x", nested_map: { inner_key: 1 } },
      tool_filter: { type: "tool_keys", ignore_parent_filters: false },
      triggers: [
        {
          poll_interval_seconds: 5,
          provider_trigger: { input_schema: { type: "json_schema", schema: { properties: { some_field: {} } } } },
        },
      ],
      input: { raw_payload: true },
      output: null,
      error: { error_code: "x" },
      configuration: { base_url: "u" },
      isDefault: true,
    };
    expect(fromWire(wire)).toEqual({
      integrationProviderId: "intp_1",
      metadata: { team_name: "x", nested_map: { inner_key: 1 } },
      toolFilter: { type: "tool_keys", ignoreParentFilters: false },
      triggers: [
        {
          pollIntervalSeconds: 5,
          providerTrigger: { inputSchema: { type: "json_schema", schema: { properties: { some_field: {} } } } },
        },
      ],
      input: { raw_payload: true },
      output: null,
      error: { error_code: "x" },
      configuration: { base_url: "u" },
      isDefault: true,
    });
  });

  it("sends camelCase params as snake_case and user maps as given", () => {
    const date = new Date("2026-12-01T00:00:00.000Z");
    expect(
      toWire({
        providerConfigVaultId: "v",
        value: { apiKeyName: "k" },
        metadata: { camelKey: 1 },
        toolFilters: { type: "tool_keys", keys: ["a_b"] },
        expiresAt: date,
      }),
    ).toEqual({
      provider_config_vault_id: "v",
      value: { apiKeyName: "k" },
      metadata: { camelKey: 1 },
      tool_filters: { type: "tool_keys", keys: ["a_b"] },
      expires_at: date,
    });
  });

  it("round-trips snake_case keys through camelCase", () => {
    const snakeKey = fc.stringMatching(/^[a-z]+(_[a-z]+){0,3}$/);
    fc.assert(
      fc.property(
        fc.dictionary(snakeKey, fc.oneof(fc.integer(), fc.string(), fc.dictionary(snakeKey, fc.integer()))),
        (record) => {
          expect(toWire(fromWire(record))).toEqual(record);
        },
      ),
    );
  });
});
