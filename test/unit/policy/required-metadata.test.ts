import { requiredMetadata } from "../../../policy/rules/required-metadata";
import { messagesFor } from "./helpers";

const TEAM = { owner: "platform", "cost-center": "cc-42" };
const keys = { requiredMetadataKeys: ["owner", "cost-center"] };

describe("tcs-required-metadata", () => {
  it("wants the required keys on callbacks, provider configs and setup sessions, naming the kind and the missing keys", async () => {
    expect(
      await messagesFor(
        requiredMetadata,
        "Callback",
        { integrationProviderId: "intp_1" },
        { name: "events", config: keys },
      ),
    ).toEqual(["Callback 'events' lacks required metadata keys owner, cost-center"]);
    expect(
      await messagesFor(
        requiredMetadata,
        "ProviderConfig",
        { providerId: "prov_1", metadata: { owner: "platform" } },
        { name: "github", config: keys },
      ),
    ).toEqual(["ProviderConfig 'github' lacks required metadata key cost-center"]);
    expect(
      await messagesFor(
        requiredMetadata,
        "IntegrationSetupSession",
        { integrationId: "intg_1", metadata: TEAM },
        { config: keys },
      ),
    ).toEqual([]);
  });

  it("counts null and blank values as missing", async () => {
    const metadata = { owner: "  ", "cost-center": null };
    expect(await messagesFor(requiredMetadata, "Callback", { metadata }, { name: "events", config: keys })).toEqual([
      "Callback 'events' lacks required metadata keys owner, cost-center",
    ]);
  });

  it("requires owner by default", async () => {
    expect(await messagesFor(requiredMetadata, "Callback", { metadata: null }, { name: "events" })).toEqual([
      "Callback 'events' lacks required metadata key owner",
    ]);
    expect(await messagesFor(requiredMetadata, "Callback", { metadata: { owner: "me" } })).toEqual([]);
  });

  it("leaves roles, callback instances and other resources alone (they have no metadata)", async () => {
    expect(await messagesFor(requiredMetadata, "Role", { name: "R", slug: "r", permissions: [] })).toEqual([]);
    expect(await messagesFor(requiredMetadata, "CallbackInstance", { callbackId: "cb_1" })).toEqual([]);
    expect(await messagesFor(requiredMetadata, "pulumi-nodejs:dynamic/other:Callback", {})).toEqual([]);
  });
});
