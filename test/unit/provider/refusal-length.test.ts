// Short refusals (issues 51, 59, 60): every message the provider builds is one line of at most 300
// characters with realistic ids, long values and a resource name of 12 characters, and names the
// object, the fix as a command and the docs section; the section each names exists in the docs. The
// builders that answer a diagnostic are held as diagnostics, rendered here as the provider renders them
// (thrown, warned, or as a check failure's reason); the messages other modules still build as strings
// are held as strings.
import * as fs from "node:fs";
import * as path from "node:path";
import {
  AuthenticationError,
  UnprocessableEntityError,
  InternalServerError,
  APIConnectionTimeoutError,
  NotFoundError,
} from "../../../sdk";
import { baseUrlRefusal } from "../../../provider/cli/base-url";
import {
  MESSAGE_LIMIT,
  render,
  renderCheckReason,
  type Diagnostic,
  type DiagnosticError,
} from "../../../provider/diagnostic";
import { SettingsOwner } from "../../../provider/settings";
import {
  adoptDiffers,
  adoptMissing,
  adoptReplaced,
  createLookupFailed,
  createMayStillCommit,
  earlierCreateSettling,
  heldByAnotherResource,
  leftoverRemoval,
  nothingCreated,
  takenOverByMarker,
  takenOverIdentical,
  waitingForLateCommit,
} from "../../../provider/engine/create-messages";
import { mayCommitUntil, unrecordable } from "../../../provider/engine/create-intents";
import { serviceFailure } from "../../../provider/engine/errors";
import { orphanWarning } from "../../../provider/orphan-warning";
import { environmentUnknown, moved, notFoundSinceChange } from "../../../provider/engine/environment-step";
import {
  adoptedReplaceRefusal,
  collisionRefusal,
  foreignMarkerWarning,
  leftoverLeft,
  notHeldRefusal,
  sessionLeftBeside,
  unprovenRefusal,
  type Collision,
} from "../../../provider/engine/ownership";
import { changeFailures, declaredTwice, printedFailure } from "../../../provider/engine/planner";
import { configOfAnotherProvider, noLiveObjectOf } from "../../../provider/engine/reference-check";
import { importIdRefusal } from "../../../provider/engine/import-id";
import { unknownInputFailures } from "../../../provider/engine/unknown-inputs";
import { warningText } from "../../../provider/engine/warn";
import { namedConnectionMove } from "../../../provider/native/dynamic-door-move";
import { waitWarning } from "../../../provider/rate-limit-waits";
import { SHAPES } from "../../../provider/shapes";
import {
  providerConfigChange,
  providerOwner,
  settingFailures,
  withProviderUrn,
} from "../../../provider/settings/provider";
import { factOf, type Answer } from "../../../provider/settings/environment";
import { tierBelowServiceAdvice } from "../../../provider/settings/client";
import { tierNoteLine } from "../../../provider/cli/tier-note";
import * as generateRefusals from "../../../provider/cli/generate/refusals";
import { parseTier, settingsFor, unusableSettings } from "../../../provider/settings";

const ID = (prefix: string) => `${prefix}_${"aB3".repeat(7).slice(0, 20)}`;
const NAME = "github-hooks";
/** The longest name a connection may have: 63 characters. */
const LONG_CONNECTION = "eu-west-1-staging-payments-platform-team-blue-green-canary-0001";

function collision(kind: string, id: string, importId = id, replaceFix = "set deleteBeforeReplace"): Collision {
  return { kind: `tcs:${kind}`, id, importId, urn: `urn:pulumi:prod::infra::tcs:index:${kind}::${NAME}`, replaceFix };
}

const PROVIDER_URN = (name: string) => `urn:pulumi:production::infra::pulumi:providers:tcs::${name}`;
const TIER_NOTICE = (serviceLimit: number, limit: number) => ({ serviceLimit, tier: { limit, windowMs: 600_000 } });

const instance = collision("CallbackInstance", ID("cbi"), `${ID("cb")}/${ID("cbi")}`);
/** A check failure as the engine prints it after the resource: the property, its value, the reason. */
const printed = (property: string, value: string, reason: string | undefined) =>
  `property ${property} value {${value}} has a problem: ${reason}`;
/** A provider's setting refused at CheckConfig as the engine prints it: the provider, the property, its value, the reason. */
const printedSetting = (owner: SettingsOwner, settings: Record<string, string>) =>
  settingFailures(settings, owner).map(
    ({ property, reason }) =>
      `pulumi:providers:tcs resource '${NAME}': property ${property} value {${settings[property]}} has a problem: ${reason}`,
  )[0];
/** Provider settings CheckConfig refuses, with realistic values. */
const REFUSED_SETTINGS: Record<string, string>[] = [
  { serviceVersion: "2026-13-45" },
  { baseUrl: "http://tcs.internal.example.com:8080" },
  { baseUrl: "https://tcs.internal.example.com/api?key=1" },
  { rateLimitTier: "5000/10min" },
  { apikey: "service_sk_x" },
];
/** A failure of the resource as a whole as the engine prints it (unknown inputs, a door move). */
const printedForResource = (reason: string | undefined) =>
  `tcs:index:CallbackInstance resource '${NAME}' has a problem: ${reason}`;
const AT = Date.parse("2026-12-06T10:00:00Z");
const LONG = "x".repeat(10_240);
const context = { headers: {}, method: "POST", path: "/callback-instances", requestId: "req_LDQ5rcmmfTAwcbqE1Y5S" };
const fieldErrors = new UnprocessableEntityError({
  ...context,
  status: 422,
  body: {
    code: "validation_failed",
    message: "The request is invalid.",
    errors: [
      { path: ["description"], message: `must be at most 1000 characters, got ${LONG}` },
      {
        path: ["provider_config_id"],
        message: `unknown id; known ids: ${Array.from({ length: 40 }, (_, i) => ID(`pcfg${i}`)).join(", ")}`,
      },
    ],
  },
});
const unauthorized = new AuthenticationError({
  ...context,
  status: 401,
  body: {
    code: "unauthorized",
    message: "The API key is malformed or unknown.",
    hint: "Use a secret (service_sk_...) or publishable (service_pk_...) key of this environment.",
  },
});
const unavailable = new InternalServerError({
  ...context,
  status: 503,
  body: { code: "unavailable", message: "The service is unavailable." },
});
const notFound = new NotFoundError({ ...context, status: 404, body: { code: "not_found", message: "Not Found" } });
const timedOut = new APIConnectionTimeoutError({ ...context, timeoutMs: 30_000, mayHaveBeenProcessed: true });
const storeError = Object.assign(
  new Error(
    `ENOTDIR: not a directory, open '/home/runner/work/infra/infra/.tcs/e2e/${"nested/".repeat(20)}create-intents/5b15751bd92a2e9c5cb2361ddb2449ff'`,
  ),
  { code: "ENOTDIR" },
);

/** `build` with the create-intent store moved to `dir`. */
function withIntentsDir<T>(dir: string, build: () => T): T {
  const saved = process.env.TCS_CREATE_INTENTS_DIR;
  process.env.TCS_CREATE_INTENTS_DIR = dir;
  try {
    return build();
  } finally {
    if (saved === undefined) delete process.env.TCS_CREATE_INTENTS_DIR;
    else process.env.TCS_CREATE_INTENTS_DIR = saved;
  }
}

/** The engine's words before a DiffConfig error (Pulumi v3.259.0 prints its gRPC status). */
const DIFF_CONFIG_PREFIX = "rpc error: code = Unknown desc = ";

/** What DiffConfig's refusal prints when the environment the `which` settings of the provider `name` reach cannot be told. */
function environmentUntold(name: string, which: "new" | "previous", answer: Answer): string {
  const urn = PROVIDER_URN(name);
  const baseUrl = "https://tcs.internal.example.com:8443/api";
  const fact = factOf(answer, { owner: providerOwner(urn), which, urn, baseUrl });
  const settings = (apiKey: string) => withProviderUrn({ apiKey, baseUrl }, urn);
  try {
    providerConfigChange(
      urn,
      settings("service_sk_old"),
      settings("service_sk_new"),
      which === "new" ? { old: { id: ID("rol") }, new: fact } : { old: fact, new: { id: ID("rol") } },
    );
  } catch (error) {
    return DIFF_CONFIG_PREFIX + (error as DiagnosticError).message;
  }
  throw new Error("DiffConfig told the environment");
}

/** What DiffConfig's refusal prints when the provider `name`'s settings lack the key and base URL (a stack moved without its config). */
function settingsMissing(name: string): string {
  const urn = PROVIDER_URN(name);
  const before = withProviderUrn({ apiKey: "service_sk_old", baseUrl: "https://tcs.internal.example.com" }, urn);
  const unknown = unusableSettings({}, providerOwner(urn))!;
  try {
    providerConfigChange(urn, before, withProviderUrn({}, urn), { old: { id: ID("rol") }, new: { unknown } });
  } catch (error) {
    return DIFF_CONFIG_PREFIX + (error as DiagnosticError).message;
  }
  throw new Error("DiffConfig took settings that lack the key and base URL");
}

/** A shape's refusal of a change, as the engine prints it (planner.ts): for the resource when its input is secret or its value long. */
function printedChange(
  kind: keyof typeof SHAPES,
  news: Record<string, unknown>,
  olds: Record<string, unknown> = {},
): string {
  const [failure] = changeFailures(SHAPES[kind], news, olds, { isNew: false, createsObject: true });
  const { property, reason } = printedFailure(SHAPES[kind], failure, news);
  return property ? printed(property, String(news[property]), reason) : printedForResource(reason);
}

/** How the plugin refuses a malformed tcs:connections, or a resource's connection that it does not hold. */
function connectionsRefusal(connections: unknown, name = Object.keys(connections as object)[0]): Diagnostic {
  try {
    settingsFor(name, (key) => (key === "tcs:connections" ? JSON.stringify(connections) : undefined));
  } catch (error) {
    return (error as DiagnosticError).diagnostic;
  }
  throw new Error("the connections were read");
}

/** What the provider throws: each builder's diagnostic, rendered as DiagnosticError renders it. */
const thrown: Record<string, Diagnostic> = {
  "not held (config)": notHeldRefusal(collision("ProviderConfig", ID("pcfg"))),
  "not held, dynamic door": notHeldRefusal({ ...collision("Callback", ID("cb")), urn: undefined }),
  "collision (callback)": collisionRefusal(collision("Callback", ID("cb")), `integrationProviderId "${ID("intp")}"`),
  "collision (instance)": collisionRefusal(instance, "this callback and config"),
  "unproven (instance)": unprovenRefusal(instance),
  "unproven (role)": unprovenRefusal(collision("Role", ID("rol"), ID("rol"), "change slug")),
  "an earlier create still settling": earlierCreateSettling("tcs:ProviderConfig", AT),
  "a create that may still commit": createMayStillCommit("tcs:IntegrationSetupSession", "the connection was lost", AT),
  // Issue 60: every builder of the create path, with the longest values it is given.
  "a create's answer lost, and the lookup failed": createLookupFailed(
    "tcs:CallbackInstance",
    serviceFailure("creating tcs:CallbackInstance", timedOut),
    serviceFailure("lookup", unavailable),
  ),
  "nothing created after every attempt": nothingCreated(serviceFailure("creating tcs:CallbackInstance", unavailable)),
  "held by another resource (instance)": heldByAnotherResource(
    "tcs:CallbackInstance",
    ID("cbi"),
    SHAPES.CallbackInstance.naturalKey,
  ),
  "adoptId names nothing": adoptMissing("tcs:IntegrationSetupSession", ID("iss")),
  "adoptId names an object Pulumi replaces": adoptReplaced("tcs:Callback", ID("cb"), "description", LONG),
  "adoptId differs in replace-only fields": adoptDiffers("tcs:ProviderConfig", ID("pcfg"), [
    { name: "providerId", live: ID("prov"), declared: ID("prov").replace("aB3", "xY9") },
    { name: "providerDeploymentId", live: ID("pdep"), declared: LONG },
    { name: "metadata", live: { owner: LONG }, declared: { owner: "me" } },
  ]),
  "a leftover's delete failed": leftoverRemoval("tcs:ProviderConfig", ID("pcfg")).ifDeleteFails(
    serviceFailure(`removing tcs:ProviderConfig ${ID("pcfg")}`, unavailable),
  ),
  "the intent store cannot be written (a long path)": unrecordable(storeError),
  "the intent store cannot be written (a store's directory of 150 characters)": withIntentsDir(
    `/home/runner/${"work/".repeat(27)}intents`,
    () => unrecordable(storeError),
  ),
  // Errors from the service (errors.ts): a 10,240-character field error, a revoked key of a named connection.
  "field errors of the service (long)": serviceFailure("creating tcs:CallbackInstance", fieldErrors),
  "the key refused (named connection)": serviceFailure(
    `reading tcs:CallbackInstance ${ID("cbi")}`,
    unauthorized,
    "staging-eu",
  ),
  "the key refused (default connection)": serviceFailure(`reading tcs:CallbackInstance ${ID("cbi")}`, unauthorized),
  "the service unavailable": serviceFailure(`deleting tcs:CallbackInstance ${ID("cbi")}`, unavailable),
  "a timeout": serviceFailure(`updating tcs:CallbackInstance ${ID("cbi")}`, timedOut),
  // The native door's DiffConfig when the environment a new key or base URL reaches cannot be told (was 505).
  // The environment step's refusals (environment-step.ts).
  "moved (default connection)": moved("tcs:ProviderConfig", ID("pcfg"), undefined),
  "moved (named connection)": moved("tcs:ProviderConfig", ID("pcfg"), "staging-eu"),
  "environment unknown": environmentUnknown("tcs:Role", ID("rol"), undefined, "503 Service Unavailable"),
  "not found since the settings changed (default connection)": notFoundSinceChange(
    "tcs:IntegrationSetupSession",
    ID("iss"),
    undefined,
  ),
  "not found since the settings changed (named connection)": notFoundSinceChange(
    "tcs:IntegrationSetupSession",
    ID("iss"),
    "staging-eu",
  ),
  // pulumi import's id of another form (import-id.ts), a 10,240-character one too.
  "an import id with a part too many (instance)": importIdRefusal(
    "CallbackInstance",
    `${ID("cb")}/${ID("cbi")}/x`,
    "callbackId",
  ),
  "an import id, long (instance)": importIdRefusal("CallbackInstance", LONG, "callbackId"),
  "an import id, long (role)": importIdRefusal("Role", LONG),
  // A malformed tcs:connections (settings/connections.ts), with a connection's longest name.
  "tcs:connections not an object": connectionsRefusal(["staging"]),
  "a connection's name refused": connectionsRefusal({ [`9${LONG_CONNECTION.slice(1)}`]: {} }),
  ...Object.fromEntries(
    ["staging-eu", LONG_CONNECTION].flatMap((name) => [
      [`a connection not an object (${name.length})`, connectionsRefusal({ [name]: "https://x" })],
      [
        `a connection's unknown settings (${name.length})`,
        connectionsRefusal({ [name]: { region: "eu", apikey: "service_sk_x" } }),
      ],
      [`a connection's setting not text (${name.length})`, connectionsRefusal({ [name]: { baseUrl: 5 } })],
      [
        `a connection's production not a boolean (${name.length})`,
        connectionsRefusal({ [name]: { production: "yes" } }),
      ],
      [`a connection not in the stack config (${name.length})`, connectionsRefusal({}, name)],
    ]),
  ),
};

/** What the provider warns: rendered as warn.ts renders a warning, with the dynamic door's stderr prefix. */
const warned: Record<string, Diagnostic> = {
  "foreign marker": foreignMarkerWarning("tcs:ProviderConfig", ID("pcfg")),
  "orphan named by a refresh": orphanWarning("tcs:ProviderConfig", ID("pcfg"), ID("pcfg")),
  "taken over by its marker": takenOverByMarker("tcs:IntegrationSetupSession", ID("iss")),
  "taken over, identical": takenOverIdentical("tcs:CallbackInstance", ID("cbi")),
  "a leftover deleted": leftoverRemoval("tcs:IntegrationSetupSession", ID("iss")).deleted,
  "a leftover left": leftoverLeft("tcs:IntegrationSetupSession", ID("iss")),
  "a session left beside": sessionLeftBeside("tcs:IntegrationSetupSession", ID("iss")),
  "waiting for a late commit": waitingForLateCommit("tcs:IntegrationSetupSession", Date.now() + 600_000),
  "the intent's settling time unrecorded": mayCommitUntil("no-such-marker", AT)!,
  "the rate limit's wait (a named connection, development)": waitWarning(
    {
      method: "POST",
      path: "/callback-instances",
      waitedMs: 3_000,
      leftMs: 412_000,
      cause: "tier",
      done: false,
      window: { limit: 100, windowMs: 600_000 },
    },
    {},
    SettingsOwner.connection("staging-eu"),
  ),
  // The tier advice (settings/client.ts), rendered once within the prefix (was 308 rendered before it).
  "tier advice (a named connection, development)": tierBelowServiceAdvice(
    {},
    TIER_NOTICE(5000, 100),
    SettingsOwner.connection("staging-eu"),
  ),
  "tier advice (production set already)": tierBelowServiceAdvice(
    { rateLimitTier: "production" },
    TIER_NOTICE(20000, 5000),
    SettingsOwner.connection("staging-eu"),
  ),
  "tier advice (an explicit provider)": tierBelowServiceAdvice(
    { rateLimitTier: "production" },
    TIER_NOTICE(20000, 5000),
    SettingsOwner.provider(NAME),
  ),
};

/** Messages other modules build as strings (the settings'), and check failures as the engine prints them. */
const messages: Record<string, string> = {
  "environment untold: the new key refused": environmentUntold(NAME, "new", { error: unauthorized }),
  "environment untold: the new base URL not the service's": environmentUntold(NAME, "new", { error: notFound }),
  "environment untold: the new base URL lists no role (default provider)": environmentUntold("default_0_1_0", "new", {
    empty: true,
  }),
  "environment untold: no answer to the new settings (default provider)": environmentUntold("default_0_1_0", "new", {
    error: timedOut,
  }),
  "environment untold: the previous key refused, unrecorded": environmentUntold(NAME, "previous", {
    error: unauthorized,
  }),
  "environment untold: no answer to the previous settings, unrecorded": environmentUntold("default_0_1_0", "previous", {
    error: timedOut,
  }),
  // As diff says it (planner.ts), the longest form: the kind and id, then the field.
  "adopted, replace-only change": `tcs:ProviderConfig ${ID("pcfg")}: providerDeploymentId ${renderCheckReason(adoptedReplaceRefusal(ID("pcfg")))}`,
  // A callback instance's references, checked at preview (issue 59).
  "no active callback": printed("callbackId", ID("cb"), noLiveObjectOf("Callback")),
  "no active provider config": printed("providerConfigId", ID("pcfg"), noLiveObjectOf("ProviderConfig")),
  "a config of another provider": printed(
    "providerConfigId",
    ID("pcfg"),
    configOfAnotherProvider(
      { id: ID("cb"), providerId: ID("prov") },
      { id: ID("pcfg"), providerId: ID("prov").replace("aB3", "xY9") },
    )[0]?.reason,
  ),
  // One object, one resource (issue 59's e2e: 471 characters): a role's slug, an instance's three ids.
  "natural key declared twice (role)": printed(
    "slug",
    "per-environment-dynamic",
    renderCheckReason(declaredTwice("Role", ["slug"], { slug: "per-environment-dynamic" }, "prod-role-eu")),
  ),
  "natural key declared twice (instance)": printed(
    "callbackId",
    ID("cb"),
    renderCheckReason(
      declaredTwice(
        "CallbackInstance",
        SHAPES.CallbackInstance.naturalKey!,
        { callbackId: ID("cb"), providerConfigId: ID("pcfg"), providerAuthConfigId: ID("pac") },
        `urn:pulumi:production::infra::tcs:index:CallbackInstance::${NAME}-b`,
      ),
    ),
  ),
  // A shape's refusals of a change (planner.ts renders them; was 387 for a config adopted with a value).
  "a config adopted with its value": printedChange("ProviderConfig", {
    providerId: ID("prov"),
    adoptId: ID("pcfg"),
    value: { base_url: LONG },
  }),
  "a new config with no settings": printedChange("ProviderConfig", { providerId: ID("prov") }),
  "a session replaced with its past expiry": printedChange(
    "IntegrationSetupSession",
    { expiresAt: "2026-01-01T00:00:00Z" },
    { expiresAt: "2026-01-01T00:00:00Z" },
  ),
  "a session's expiry too far ahead": printedChange("IntegrationSetupSession", { expiresAt: "2099-01-01T00:00:00Z" }),
  // A resource the dynamic door made on a named connection, moved to the native door (issue 59's e2e: 407).
  "a dynamic door's resource on a named connection, aliased": printedForResource(
    namedConnectionMove({ connection: "staging-eu" })?.reason,
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
  "settings missing (default provider)": settingsMissing("default_0_1_0"),
  "settings missing (explicit provider)": settingsMissing(NAME),
  "an input mistyped": printedForResource(
    unknownInputFailures(SHAPES.CallbackInstance, { providerAuthConfgId: ID("pac") })[0].reason,
  ),
  "an output declared": printedForResource(
    unknownInputFailures(SHAPES.IntegrationSetupSession, { authorizationUrl: "https://..." })[0].reason,
  ),
  ...Object.fromEntries(
    Object.values(SHAPES).map((shape) => [
      `an input no name is near (${shape.kind})`,
      printedForResource(unknownInputFailures(shape, { somethingElseEntirely: 1 })[0].reason),
    ]),
  ),
  // The native door's CheckConfig (its reasons within renderCheckReason's limit), for either kind of provider.
  ...Object.fromEntries(
    [SettingsOwner.defaultProvider, SettingsOwner.provider(NAME)].flatMap((owner) =>
      REFUSED_SETTINGS.map((settings) => [
        `a provider's setting refused (${owner.kind}, ${JSON.stringify(settings)})`,
        printedSetting(owner, settings),
      ]),
    ),
  ),
  "generate's tier note (a stack's connection)": tierNoteLine(
    "pulumi-resource-tcs",
    "generate",
    "production",
    { stack: "production", connection: "staging-eu" },
    TIER_NOTICE(20000, 5000),
  ),
  "generate's tier note (the variable)": tierNoteLine(
    "pulumi-resource-tcs",
    "generate",
    undefined,
    { variable: true },
    TIER_NOTICE(5000, 100),
  ),
};

/** A command's refusal as cli/main.ts prints it: after the command, within the limit. */
const printedByCommand = (diagnostic: Diagnostic, prefix = "pulumi-resource-tcs generate: ") =>
  `${prefix}${render(diagnostic, MESSAGE_LIMIT - prefix.length)}`;
const tierProblem = (text: string) => (parseTier(text) as { problem: string }).problem;

/** What generate refuses before it lists anything (cli/generate/refusals.ts), with the longest names and values. */
const generated: Record<string, Diagnostic> = {
  "generate: an unknown flag": generateRefusals.usageRefusal(
    `Unknown option '--${LONG_CONNECTION}'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "--${LONG_CONNECTION}"`,
    "pulumi-resource-tcs",
  ),
  "generate: --import-file with --stdout": generateRefusals.importFileWithProgram(),
  "generate: --import-file with --connection": generateRefusals.importFileWithConnection(),
  "generate: --import-file with no path": generateRefusals.importFileWithoutPath(),
  "generate: no output": generateRefusals.noOutput(),
  "generate: a connection's name refused (long)": generateRefusals.connectionNameRefused(
    LONG,
    "must start with a letter and hold only letters, digits, '-' and '_' (at most 63 characters)",
  ),
  "generate: --stack without --connection": generateRefusals.stackWithoutConnection(),
  "generate: --cwd without --stack": generateRefusals.cwdWithoutStack(),
  "generate: no API key": generateRefusals.noApiKey(),
  "generate: no base URL": generateRefusals.noBaseUrl(),
  "generate: TCS_RATE_LIMIT_TIER refused (long)": generateRefusals.tierVariableRefused(tierProblem(LONG)),
  "generate: the stack unreadable": generateRefusals.stackUnreadable(
    LONG_CONNECTION,
    "production-eu-west-1",
    "infra/tcs",
    `error: no stack named 'production-eu-west-1' found`,
  ),
  "generate: no connection in the stack": generateRefusals.noConnectionInStack("staging-eu", "production", "infra/tcs"),
  "generate: no connection in the stack (long)": generateRefusals.noConnectionInStack(
    LONG_CONNECTION,
    "production-eu-west-1",
    "infra/tcs",
  ),
  "generate: no connection in the stack (a runner's --cwd)": generateRefusals.noConnectionInStack(
    "staging",
    "generate-connection-missing",
    "/home/runner/work/infra/infra/.tcs/e2e/generate-connection/generate-connection-missing-a2c6fd75",
  ),
  "generate: the stack's connection has neither key nor URL (long)": generateRefusals.inStack(
    "production-eu-west-1",
    unusableSettings({}, SettingsOwner.connection(LONG_CONNECTION))!,
  ),
};

const refusals: Record<string, string> = {
  ...Object.fromEntries(Object.entries(thrown).map(([name, diagnostic]) => [name, render(diagnostic)])),
  ...Object.fromEntries(
    Object.entries(warned).map(([name, diagnostic]) => [name, `warning: ${warningText(diagnostic)}`]),
  ),
  ...messages,
  ...Object.fromEntries(Object.entries(generated).map(([name, diagnostic]) => [name, printedByCommand(diagnostic)])),
};

describe.each(Object.entries(refusals))("the %s refusal", (_name, text) => {
  it("is one line of at most 300 characters that names a docs section which exists", () => {
    expect(text).not.toContain("\n");
    expect(text.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    const [, file, anchor] = text.match(/See (docs\/[\w-]+\.md)#([\w-]+)$/) ?? [];
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

it("says the native door's untold environment whole: what changed, why, the fix and the section, nothing cut (was 505 characters)", () => {
  const untold = Object.entries(refusals).filter(([name]) => name.startsWith("environment untold"));
  expect(untold.length).toBeGreaterThan(0);
  for (const [, text] of untold) expect(text).not.toContain("…");
  expect(refusals["environment untold: no answer to the previous settings, unrecorded"]).toContain(
    `Never answered? pulumi state delete '${PROVIDER_URN("default_0_1_0")}'.`,
  );
});

it("keeps generate's command whole beside a runner's long --cwd, naming the directory by a placeholder", () => {
  const text = refusals["generate: no connection in the stack (a runner's --cwd)"];
  expect(text).not.toContain("…");
  expect(text).toContain("stack 'generate-connection-missing' has no connection 'staging'");
  expect(text).toContain("--stack generate-connection-missing --cwd <dir>, then apiKey with --secret");
});

it("names a connection's fix whole, whatever its name's length", () => {
  const connections = Object.entries(refusals).filter(([name]) => /^(a connection|tcs:connections)/.test(name));
  expect(connections.length).toBeGreaterThan(10);
  for (const [, text] of connections)
    expect(text).toMatch(/(Run|Restore it:|Remove (it|each):) `?pulumi config [^…]*\. See docs\//);
});

it("names the claim as a command with the real type, name and id", () => {
  expect(refusals["not held (config)"]).toContain(`pulumi import tcs:index:ProviderConfig ${NAME} ${ID("pcfg")}`);
  expect(refusals["not held, dynamic door"]).toContain(`set adoptId: "${ID("cb")}"`);
  expect(refusals["unproven (instance)"]).toContain(
    `pulumi import tcs:index:CallbackInstance ${NAME} ${ID("cb")}/${ID("cbi")}`,
  );
  expect(refusals["unproven (role)"]).toContain("up --replace: change slug");
});

it("leads with the fix for up --replace, the likeliest case when the stack holds the object, before the claim (issue 59)", () => {
  for (const name of [
    "not held (config)",
    "not held, dynamic door",
    "collision (callback)",
    "unproven (instance)",
    "unproven (role)",
  ]) {
    const text = refusals[name];
    expect(text.indexOf("If up --replace:")).toBeGreaterThan(0);
    expect(text.indexOf("If up --replace:")).toBeLessThan(
      Math.max(text.indexOf("pulumi import"), text.indexOf("set adoptId")),
    );
  }
});

it("cuts a long value, never the fix, the section or what the message is about (issues 59, 60)", () => {
  expect(refusals["adoptId names an object Pulumi replaces"]).toMatch(
    /its description is 'x{60}…' \(10,240 characters\).*Remove adoptId to create a new one\./,
  );
  expect(refusals["field errors of the service (long)"]).toMatch(
    /^creating tcs:CallbackInstance failed: 422 validation_failed: description: /,
  );
  expect(refusals["field errors of the service (long)"]).toMatch(
    /\[POST \/callback-instances, request req_LDQ5rcmmfTAwcbqE1Y5S\]\. Fix what it names/,
  );
  expect(refusals["the key refused (named connection)"]).toContain(
    "pulumi config set --secret --path tcs:connections.staging-eu.apiKey",
  );
  expect(refusals["the intent store cannot be written (a long path)"]).toMatch(
    /^cannot record the create on this machine before sending it: ENOTDIR.*Nothing was created\. Set TCS_CREATE_INTENTS_DIR to a writable directory/,
  );
  expect(refusals["a create's answer lost, and the lookup failed"]).toContain(
    "Run pulumi up again: it finds an object it made by its create marker.",
  );
  expect(refusals["natural key declared twice (role)"]).toContain(
    `tcs.Role "prod-role-eu" declares it too: one Role per slug.`,
  );
  expect(refusals["natural key declared twice (instance)"]).toContain(
    `tcs:index:CallbackInstance "${NAME}-b" has the same callbackId, providerConfigId and providerAuthConfigId.`,
  );
  expect(refusals["a dynamic door's resource on a named connection, aliased"]).toContain(
    "pulumi state delete it, then pulumi import it",
  );
  expect(refusals["orphan named by a refresh"]).toMatch(
    /orphan: tcs:ProviderConfig \S+ carries the create marker of \S+, which this stack holds/,
  );
});
