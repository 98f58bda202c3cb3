// The diff rules of every resource, through the real engine and bindings (diff makes no API call).
import { BINDINGS } from "../../../provider/engine/bindings";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import { UNKNOWN, sameValue } from "../../../provider/shapes/normalize";
import type { ResourceKind } from "../../../provider/shapes/shape";

function engine(kind: ResourceKind) {
  const noApi = () => {
    throw new Error("diff must not touch the API");
  };
  return new ResourceEngine(BINDINGS[kind], noApi, () => undefined);
}

const callbackState = {
  integrationProviderId: "intp_github00000000000000",
  name: "GitHub events",
  description: null,
  metadata: { owner: "platform", team: "a" },
  status: "active",
  createdAt: "2026-11-21T10:00:00.000Z",
};

describe("diff", () => {
  it("sees no change between a declaration and the record it produced (null, absent, key order)", async () => {
    const result = await engine("Callback").diff("cb_x", callbackState, {
      integrationProviderId: "intp_github00000000000000",
      name: "GitHub events",
      metadata: { team: "a", owner: "platform" },
    });
    expect(result).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false, changed: [] });
  });

  it("changes in-place fields in place and replace fields by replacement", async () => {
    const inPlace = await engine("Callback").diff("cb_x", callbackState, { ...callbackState, name: "renamed" });
    // deleteBeforeReplace, should the engine make the update a replacement (replaceOnChanges on the
    // native door): the callback keeps its integration provider, which the service allows once.
    expect(inPlace).toMatchObject({ changes: true, replaces: [], deleteBeforeReplace: true });
    const role = { name: "Ops", slug: "ops", permissions: ["thread_read"] };
    expect(await engine("Role").diff("rol_x", role, { ...role, name: "Operators" })).toMatchObject({
      changes: true,
      deleteBeforeReplace: false,
    });
    const replace = await engine("Callback").diff("cb_x", callbackState, {
      ...callbackState,
      integrationProviderId: "intp_linear00000000000000",
    });
    expect(replace).toMatchObject({ changes: true, replaces: ["integrationProviderId"] });
  });

  it("ignores read-only outputs that changed (status, timestamps)", async () => {
    const result = await engine("Callback").diff(
      "cb_x",
      { ...callbackState, updatedAt: "2027-01-01T00:00:00.000Z" },
      {
        integrationProviderId: callbackState.integrationProviderId,
        name: "GitHub events",
        metadata: callbackState.metadata,
      },
    );
    expect(result.changes).toBe(false);
  });

  it("replaces an archived callback whatever the inputs", async () => {
    const result = await engine("Callback").diff(
      "cb_x",
      { ...callbackState, status: "archived" },
      {
        integrationProviderId: callbackState.integrationProviderId,
        name: "GitHub events",
        metadata: callbackState.metadata,
      },
    );
    expect(result).toMatchObject({ changes: true, replaces: ["status"] });
  });

  it("plans a replacement for an unknown replace field, an update for an unknown in-place field", async () => {
    const state = { callbackId: "cb_a", providerConfigId: "pcfg_a", providerAuthConfigId: null, status: "attached" };
    const unknownConfig = await engine("CallbackInstance").diff("cbi_x", state, {
      callbackId: "cb_a",
      providerConfigId: UNKNOWN,
    });
    expect(unknownConfig).toMatchObject({ changes: true, replaces: ["providerConfigId"] });
    const unknownName = await engine("Callback").diff("cb_x", callbackState, { ...callbackState, name: UNKNOWN });
    expect(unknownName).toMatchObject({ changes: true, replaces: [] });
  });

  it("treats permissions as a set", async () => {
    const state = { name: "R", slug: "r", permissions: ["thread_read", "thread_create"], description: "" };
    const same = await engine("Role").diff("rol_x", state, {
      name: "R",
      slug: "r",
      permissions: ["thread_create", "thread_read"],
    });
    expect(same.changes).toBe(false);
    const more = await engine("Role").diff("rol_x", state, {
      name: "R",
      slug: "r",
      permissions: ["thread_create", "thread_read", "message_read"],
    });
    expect(more).toMatchObject({ changes: true, replaces: [] });
  });

  it("accepts the service's default deployment when none is declared, and reverts removed tool filters to allow_all", async () => {
    const state = {
      providerId: "prov_github00000000000000",
      providerDeploymentId: "pdep_githubcloud000000000",
      providerConfigVaultId: null,
      value: { base_url: "https://x" },
      toolFilters: { type: "tool_keys", keys: ["a"] },
      name: null,
      description: null,
      metadata: null,
    };
    const declared = { providerId: "prov_github00000000000000", value: { base_url: "https://x" } };
    const removedFilters = await engine("ProviderConfig").diff("pcfg_x", state, declared);
    expect(removedFilters).toMatchObject({ changes: true, replaces: [] });
    const allowAll = await engine("ProviderConfig").diff(
      "pcfg_x",
      { ...state, toolFilters: { type: "allow_all" } },
      declared,
    );
    expect(allowAll.changes).toBe(false);
    const newValue = await engine("ProviderConfig").diff("pcfg_x", state, {
      ...declared,
      value: { base_url: "https://y" },
      toolFilters: state.toolFilters,
    });
    expect(newValue).toMatchObject({ changes: true, replaces: ["value"] });
  });

  it("compares expiry by instant, and replaces an expired session only when asked", async () => {
    // The replacement must be creatable, so its expiry lies ahead of the clock, whatever day the suite runs on.
    const expiry = new Date(Math.floor(Date.now() / 1000) * 1000 + 3 * 24 * 3600 * 1000);
    const sameInstantOtherSpelling = expiry.toISOString().replace(".000Z", "Z");
    const state = {
      integrationId: "int_devtools000000000000",
      name: "s",
      expiresAt: expiry.toISOString(),
      status: "expired",
    };
    const sameInstant = await engine("IntegrationSetupSession").diff("iss_x", state, {
      integrationId: "int_devtools000000000000",
      name: "s",
      expiresAt: sameInstantOtherSpelling,
    });
    expect(sameInstant.changes).toBe(false);
    const asked = await engine("IntegrationSetupSession").diff("iss_x", state, {
      integrationId: "int_devtools000000000000",
      name: "s",
      expiresAt: sameInstantOtherSpelling,
      replaceWhenExpired: true,
    });
    expect(asked).toMatchObject({ changes: true, replaces: ["status"] });
  });
});

describe("sameValue", () => {
  it("equates null, absent, empty string and empty map", () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue("", undefined)).toBe(true);
    expect(sameValue({}, null)).toBe(true);
    expect(sameValue({ a: null }, {})).toBe(true);
  });
  it("keeps order in ordinary arrays and values distinct", () => {
    expect(sameValue(["a", "b"], ["b", "a"])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue(0, null)).toBe(false);
    expect(sameValue(false, null)).toBe(false);
  });
});
