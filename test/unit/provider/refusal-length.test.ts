// Short refusals (issue 51): every refusal a create or an environment check gives is one line of at
// most 300 characters with realistic ids and a resource name of 12 characters, and names the object,
// the fix as a command and the docs section; the section each names exists in the docs.
import * as fs from "node:fs";
import * as path from "node:path";
import { baseUrlRefusal } from "../../../provider/cli/base-url";
import { SettingsOwner } from "../../../provider/settings";
import { createMayStillCommit, earlierCreateSettling } from "../../../provider/engine/create-messages";
import { orphanWarning } from "../../../provider/orphan-warning";
import { movedRefusal, notFoundSinceSettingsChanged, unknownEnvironmentRefusal } from "../../../provider/engine/environment-record";
import {
  adoptedReplaceRefusal,
  collisionRefusal,
  foreignMarkerWarning,
  notHeldRefusal,
  unprovenRefusal,
  type Collision,
} from "../../../provider/engine/ownership";
import { configOfAnotherProvider, noLiveObjectOf } from "../../../provider/engine/reference-check";
import { unknownInputFailures } from "../../../provider/engine/unknown-inputs";
import { SHAPES } from "../../../provider/shapes";
import { missingSettingsRefusal } from "../../../provider/native/missing-settings";
import { tierBelowServiceAdvice } from "../../../provider/settings/client";
import { tierNoteLine } from "../../../provider/cli/tier-note";

const ID = (prefix: string) => `${prefix}_${"aB3".repeat(7).slice(0, 20)}`;
const NAME = "github-hooks";

function collision(kind: string, id: string, importId = id, replaceFix = "set deleteBeforeReplace"): Collision {
  return { kind: `tcs:${kind}`, id, importId, urn: `urn:pulumi:prod::infra::tcs:index:${kind}::${NAME}`, replaceFix };
}

const PROVIDER_URN = (name: string) => `urn:pulumi:production::infra::pulumi:providers:tcs::${name}`;
const TIER_NOTICE = (serviceLimit: number, limit: number) => ({ serviceLimit, tier: { limit, windowMs: 600_000 } });

const instance = collision("CallbackInstance", ID("cbi"), `${ID("cb")}/${ID("cbi")}`);
/** A check failure as the engine prints it after the resource: the property, its value, the reason. */
const printed = (property: string, value: string, reason: string | undefined) => `property ${property} value {${value}} has a problem: ${reason}`;
const refusals: Record<string, string> = {
  "not held (config)": notHeldRefusal(collision("ProviderConfig", ID("pcfg"))),
  "not held, dynamic door": notHeldRefusal({ ...collision("Callback", ID("cb")), urn: undefined }),
  "collision (callback)": collisionRefusal(collision("Callback", ID("cb")), `integrationProviderId "${ID("intp")}"`),
  "collision (instance)": collisionRefusal(instance, "this callback and config"),
  "unproven (instance)": unprovenRefusal(instance),
  "unproven (role)": unprovenRefusal(collision("Role", ID("rol"), ID("rol"), "change slug")),
  "foreign marker": foreignMarkerWarning("tcs:ProviderConfig", ID("pcfg")),
  // As diff says it (planner.ts), the longest form: the kind and id, then the field.
  "adopted, replace-only change": `tcs:ProviderConfig ${ID("pcfg")}: providerDeploymentId ${adoptedReplaceRefusal(ID("pcfg"))}`,
  "moved (default connection)": movedRefusal("tcs:ProviderConfig", ID("pcfg"), undefined),
  "moved (named connection)": movedRefusal("tcs:ProviderConfig", ID("pcfg"), "staging-eu"),
  "environment unknown": unknownEnvironmentRefusal("tcs:Role", ID("rol"), undefined, "503 Service Unavailable"),
  "not found since the settings changed (default connection)": notFoundSinceSettingsChanged("tcs:IntegrationSetupSession", ID("iss"), undefined),
  "not found since the settings changed (named connection)": notFoundSinceSettingsChanged("tcs:IntegrationSetupSession", ID("iss"), "staging-eu"),
  "an earlier create still settling": earlierCreateSettling("tcs:ProviderConfig", Date.parse("2026-12-06T10:00:00Z")),
  "a create that may still commit": createMayStillCommit("tcs:IntegrationSetupSession", "the connection was lost", Date.parse("2026-12-06T10:00:00Z")),
  "orphan named by a refresh": orphanWarning("tcs:ProviderConfig", ID("pcfg"), ID("pcfg")),
  // A callback instance's references, checked at preview (issue 59).
  "no active callback": printed("callbackId", ID("cb"), noLiveObjectOf("Callback")),
  "no active provider config": printed("providerConfigId", ID("pcfg"), noLiveObjectOf("ProviderConfig")),
  "a config of another provider": printed(
    "providerConfigId",
    ID("pcfg"),
    configOfAnotherProvider({ id: ID("cb"), providerId: ID("prov") }, { id: ID("pcfg"), providerId: ID("prov").replace("aB3", "xY9") })[0]?.reason,
  ),
  // A command's base URL (issue 58), from each place it is read; a stack's fix is the longest.
  "plain http, --base-url": baseUrlRefusal("http://tcs.internal.example.com:8080", { flag: "--base-url" })!,
  "plain http, TCS_BASE_URL": baseUrlRefusal("http://tcs.internal.example.com:8080", { variable: "TCS_BASE_URL" })!,
  "plain http, a stack's connection": baseUrlRefusal("http://tcs.internal.example.com:8080", {
    stack: "production",
    owner: SettingsOwner.connection("staging-eu"),
    cwd: "infra/tcs",
  })!,
  // Issue 59: a stack moved without its settings, an input the resource has not, the tier advice.
  "settings missing (default provider)": missingSettingsRefusal(PROVIDER_URN("default_0_1_0"), SettingsOwner.defaultProvider, () => undefined, {})!,
  "settings missing (explicit provider)": missingSettingsRefusal(PROVIDER_URN(NAME), SettingsOwner.provider(NAME), () => undefined, {})!,
  "an input mistyped": unknownInputFailures(SHAPES.CallbackInstance, { providerAuthConfgId: ID("pac") })[0].reason,
  "an output declared": unknownInputFailures(SHAPES.IntegrationSetupSession, { authorizationUrl: "https://..." })[0].reason,
  ...Object.fromEntries(
    Object.values(SHAPES).map((shape) => [`an input no name is near (${shape.kind})`, unknownInputFailures(shape, { somethingElseEntirely: 1 })[0].reason]),
  ),
  "tier advice (a named connection, development)": tierBelowServiceAdvice({}, TIER_NOTICE(5000, 100), SettingsOwner.connection("staging-eu")),
  "tier advice (production set already)": tierBelowServiceAdvice(
    { rateLimitTier: "production" },
    TIER_NOTICE(20000, 5000),
    SettingsOwner.connection("staging-eu"),
  ),
  "tier advice (an explicit provider)": tierBelowServiceAdvice({ rateLimitTier: "production" }, TIER_NOTICE(20000, 5000), SettingsOwner.provider(NAME)),
  "generate's tier note (a stack's connection)": tierNoteLine(
    "pulumi-resource-tcs",
    "generate",
    "production",
    { stack: "production", connection: "staging-eu" },
    TIER_NOTICE(20000, 5000),
  ),
  "generate's tier note (the variable)": tierNoteLine("pulumi-resource-tcs", "generate", undefined, { variable: true }, TIER_NOTICE(5000, 100)),
};

describe.each(Object.entries(refusals))("the %s refusal", (_name, text) => {
  it("is one line of at most 300 characters that names a docs section which exists", () => {
    expect(text).not.toContain("\n");
    expect(text.length).toBeLessThanOrEqual(300);
    const [, file, anchor] = text.match(/See (docs\/[\w-]+\.md)#([a-z-]+)$/) ?? [];
    expect(file).toBeDefined();
    const headings = fs
      .readFileSync(path.join(__dirname, "../../..", file), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("#"))
      .map((line) =>
        line
          .replace(/^#+\s*/, "")
          .toLowerCase()
          .replace(/[^\w\s-]/g, "")
          .replace(/\s/g, "-"),
      );
    expect(headings).toContain(anchor);
  });
});

it("names the claim as a command with the real type, name and id", () => {
  expect(refusals["not held (config)"]).toContain(`pulumi import tcs:index:ProviderConfig ${NAME} ${ID("pcfg")}`);
  expect(refusals["not held, dynamic door"]).toContain(`set adoptId: "${ID("cb")}"`);
  expect(refusals["unproven (instance)"]).toContain(`pulumi import tcs:index:CallbackInstance ${NAME} ${ID("cb")}/${ID("cbi")}`);
  expect(refusals["unproven (role)"]).toContain("up --replace: change slug");
});

it("leads with the fix for up --replace, the likeliest case when the stack holds the object, before the claim (issue 59)", () => {
  for (const name of ["not held (config)", "not held, dynamic door", "collision (callback)", "unproven (instance)", "unproven (role)"]) {
    const text = refusals[name];
    expect(text.indexOf("If up --replace:")).toBeGreaterThan(0);
    expect(text.indexOf("If up --replace:")).toBeLessThan(Math.max(text.indexOf("pulumi import"), text.indexOf("set adoptId")));
  }
});
