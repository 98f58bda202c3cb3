// A stack moved from the dynamic door by aliases, as the native door's DiffConfig and check meet it
// (test/e2e/door-move.test.ts runs the move on the engine): the dynamic provider's stack config read
// as the settings it holds, so the same key and base URL replace nothing; a named connection refused.
import {
  changedSettings,
  providerConfigChange,
  providerSettingsDiff,
  withProviderUrn,
} from "../../../provider/settings/provider";
import { PROVIDER_URN_INPUT } from "../../../provider/shapes/reserved";
import {
  asProviderSettings,
  DYNAMIC_DOOR_PROVIDER,
  namedConnectionMove,
} from "../../../provider/native/dynamic-door-move";

const DEFAULT = "urn:pulumi:dev::proj::pulumi:providers:tcs::default";
/** The dynamic door's provider's inputs: the stack config, every namespace's. */
const DYNAMIC_CONFIG = {
  "tcs:apiKey": "service_sk_prod",
  "tcs:baseUrl": "https://api.example.com",
  "tcs:rateLimitTier": "production",
  "aws:region": "eu-west-1",
};

it("reads the dynamic door's provider as the tcs settings it holds, marked as another provider's", () => {
  expect(asProviderSettings(DYNAMIC_CONFIG)).toEqual({
    [PROVIDER_URN_INPUT]: DYNAMIC_DOOR_PROVIDER,
    apiKey: "service_sk_prod",
    baseUrl: "https://api.example.com",
    rateLimitTier: "production",
  });
  const tcsProvider = withProviderUrn({ apiKey: "service_sk_prod", baseUrl: "https://api.example.com" }, DEFAULT);
  expect(asProviderSettings(tcsProvider)).toBe(tcsProvider);
});

it("the same key and base URL on the native door's default provider: no environment changed, nothing replaced", async () => {
  const news = withProviderUrn(
    { apiKey: "service_sk_prod", baseUrl: "https://api.example.com", rateLimitTier: "production" },
    DEFAULT,
  );
  const olds = asProviderSettings(DYNAMIC_CONFIG);
  expect(changedSettings(olds, news).environment).toEqual([]);
  expect((await providerSettingsDiff(DEFAULT, olds, news)).replaces).toEqual([]);
});

it("another environment's settings, or ones whose environment cannot be told, replace the moved resource", () => {
  const news = withProviderUrn({ apiKey: "service_sk_dev", baseUrl: "https://api.example.com" }, DEFAULT);
  const olds = asProviderSettings(DYNAMIC_CONFIG);
  expect(
    providerConfigChange(DEFAULT, olds, news, { old: { id: "rol_prod" }, new: { id: "rol_dev" } }).replaces,
  ).toEqual(["apiKey"]);
  expect(
    providerConfigChange(DEFAULT, olds, news, {
      old: {
        unknown: {
          summary: "the previous settings got 503 service_unavailable",
          fix: "Run pulumi preview again",
          docs: "docs/guide.md#configuration",
        },
      },
      new: { id: "rol_dev" },
    }).replaces,
  ).toEqual(["apiKey"]);
});

it("refuses a resource the dynamic door made on a named connection, naming it and the way that works", () => {
  expect(namedConnectionMove({ name: "R", connection: "staging" })).toEqual({
    property: "",
    reason: expect.stringMatching(
      /^made on the dynamic door's connection "staging", an environment no alias can tell\..*pulumi state delete it, then pulumi import it/,
    ),
  });
  expect(namedConnectionMove({ name: "R" })).toBeUndefined();
});
