// What the shapes derive, against what the provider registered before the shapes existed (the same
// lists were written by hand in each resource class): the outputs a program registers, the secrets,
// the type token; and each binding maps exactly the outputs its shape declares.
import { BINDINGS } from "../../../provider/engine/bindings";
import { RESOURCE_KINDS, SHAPES } from "../../../provider/shapes";

describe("shapes", () => {
  it("derive the outputs, secret outputs and secret inputs the resource classes registered by hand", () => {
    const derived = Object.fromEntries(
      RESOURCE_KINDS.map((kind) => [
        kind,
        {
          token: SHAPES[kind].token,
          outputs: [...SHAPES[kind].outputNames].sort(),
          secretOutputs: SHAPES[kind].secretOutputs,
          secretInputs: SHAPES[kind].secretInputs,
        },
      ]),
    );
    expect(derived).toEqual({
      Callback: {
        token: "tcs:Callback",
        outputs: [
          "adoptId",
          "connection",
          "createdAt",
          "description",
          "integrationId",
          "integrationProviderId",
          "metadata",
          "name",
          "providerId",
          "status",
          "updatedAt",
        ],
        secretOutputs: [],
        secretInputs: [],
      },
      CallbackInstance: {
        token: "tcs:CallbackInstance",
        outputs: [
          "adoptId",
          "callbackId",
          "connection",
          "createdAt",
          "deploymentId",
          "providerAuthConfigId",
          "providerConfigId",
          "status",
          "triggers",
          "updatedAt",
          "webhookUrl",
        ],
        secretOutputs: ["webhookUrl"],
        secretInputs: [],
      },
      ProviderConfig: {
        token: "tcs:ProviderConfig",
        outputs: [
          "adoptId",
          "connection",
          "createdAt",
          "description",
          "isDefault",
          "metadata",
          "name",
          "providerConfigVaultId",
          "providerDeploymentId",
          "providerId",
          "specificationId",
          "status",
          "toolFilters",
          "updatedAt",
          "value",
        ],
        secretOutputs: ["value"],
        secretInputs: ["value"],
      },
      Role: {
        token: "tcs:Role",
        outputs: ["adoptId", "connection", "createdAt", "description", "isDefault", "name", "permissions", "slug", "updatedAt"],
        secretOutputs: [],
        secretInputs: [],
      },
      IntegrationSetupSession: {
        token: "tcs:IntegrationSetupSession",
        outputs: [
          "adoptId",
          "configuration",
          "connection",
          "createdAt",
          "description",
          "expiresAt",
          "identityActorId",
          "identityId",
          "integrationId",
          "integrationInstance",
          "metadata",
          "name",
          "redirectUrl",
          "replaceWhenExpired",
          "status",
          "updatedAt",
          "url",
        ],
        secretOutputs: ["url"],
        secretInputs: [],
      },
    });
  });

  it("each binding maps exactly the outputs of its shape that the service holds (settings and adoptId are the engine's)", () => {
    for (const kind of RESOURCE_KINDS) {
      const shape = SHAPES[kind];
      const held = shape.outputNames.filter((name) => name !== "adoptId" && name !== "connection" && !Object.hasOwn(shape.settings, name));
      expect({ kind, outputs: Object.keys(BINDINGS[kind].toOutputs({ id: "x" }, {})).sort() }).toEqual({ kind, outputs: [...held].sort() });
    }
  });

  it("check the declared inputs with adoptId, by the resource's id prefix", () => {
    expect(SHAPES.Role.schema.safeParse({ name: "R", slug: "r", permissions: [], adoptId: "rol_abcdefghijklmnopqrst" }).success).toBe(true);
    const wrong = SHAPES.Role.schema.safeParse({ name: "R", slug: "r", permissions: [], adoptId: "cb_abcdefghijklmnopqrst" });
    expect(wrong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["adoptId", "must be a role id: 'rol_' followed by 20 letters and digits"],
    ]);
  });
});
