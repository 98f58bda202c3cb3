import { buildQueryString } from "../../../sdk/internal/query";
import { ToolConnectivityClient, ToolConnectivityError } from "../../../sdk";

describe("query strings", () => {
  it("sends arrays as repeated keys, date ranges as bracketed keys, in snake_case", () => {
    const query = buildQueryString({
      id: ["cb_a", "cb_b"],
      integrationProviderId: "intp_1",
      status: "active",
      createdAt: { gt: "2026-01-01T00:00:00.000Z", lt: new Date("2026-02-01T00:00:00.000Z") },
      availableForUse: true,
      limit: 100,
      after: undefined,
      search: null,
    });
    const parsed = new URLSearchParams(query.slice(1));
    expect(parsed.getAll("id")).toEqual(["cb_a", "cb_b"]);
    expect(parsed.get("integration_provider_id")).toBe("intp_1");
    expect(parsed.get("created_at[gt]")).toBe("2026-01-01T00:00:00.000Z");
    expect(parsed.get("created_at[lt]")).toBe("2026-02-01T00:00:00.000Z");
    expect(parsed.get("available_for_use")).toBe("true");
    expect(parsed.get("limit")).toBe("100");
    expect(parsed.has("after")).toBe(false);
    expect(parsed.has("search")).toBe(false);
  });

  it("is empty without parameters", () => {
    expect(buildQueryString(undefined)).toBe("");
    expect(buildQueryString({})).toBe("");
  });

  it("refuses an empty array filter, which left out would list every record", async () => {
    expect(() => buildQueryString({ providerConfigId: [] })).toThrow(
      /List filter provider_config_id is an empty array/,
    );
    // Through the client: the list rejects before any request (no server listens at this address).
    const client = new ToolConnectivityClient({
      apiKey: "service_sk_test",
      baseUrl: "http://127.0.0.1:9",
      maxRetries: 0,
    });
    const error = await client.callbacks.list({ id: [] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ToolConnectivityError);
    expect(error).toMatchObject({
      code: "ERR_TCS_INVALID_ARGUMENT",
      message: expect.stringContaining("List filter id is an empty array"),
    });
  });
});
