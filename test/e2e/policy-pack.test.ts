// The pulumi-tcs policy pack (policy/) on the real engine: previews of programs that keep and break
// each rule, with the pack's example config and with overrides, and a stack whose tcs:apiKey is plain
// text. Previews only: resource policies judge the planned inputs, and the stack policy runs at the
// end of a preview too. npm test runs a program breaking each resource rule and a plain-text key;
// npm run test:long the deeper variants: a compliant program, the policy config's overrides and a config
// refused, and a connection marked production (test/long/policy-pack-deeper.test.ts; test/e2e/helpers/long-split.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import type { Stack } from "@pulumi/pulumi/automation";
import { openStack } from "../lib/engine";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { FIX, SECRET_CONFIG_VALUE } from "./helpers/programs";
import { startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";

const PACK = path.resolve(__dirname, "..", "..", "policy");
const EXAMPLE_CONFIG = path.join(PACK, "config.example.json");
const HOUR_MS = 3600_000;

interface SessionShape {
  name: string;
  expiresInHours?: number;
  redirectUrl?: string;
}

interface Shape {
  toolFilters?: tcs.ToolFilters;
  configMetadata?: Record<string, string>;
  callbackDescription?: string;
  callbackMetadata?: Record<string, string>;
  rolePermissions: string[];
  roleDescription?: string;
  sessions: SessionShape[];
}

const TEAM = { owner: "platform", "cost-center": "cc-42" };

/** Keeps every rule under the example config (and under the defaults). */
const COMPLIANT: Shape = {
  toolFilters: { type: "tool_keys", keys: ["issues.list"] },
  configMetadata: TEAM,
  callbackDescription: "GitHub events for the triage agent",
  callbackMetadata: TEAM,
  rolePermissions: ["thread_read", "member_manage"],
  roleDescription: "Support leads [approved-sensitive]",
  sessions: [
    { name: "short", expiresInHours: 12, redirectUrl: "https://setup.example.com/done" },
    // No expiresAt: the service default of 24 h, within both the default and the example bound.
    { name: "default-expiry", redirectUrl: "https://app.example.com/done" },
  ],
};

/** Breaks each resource rule once (under the example config). */
const BREAKING: Shape = {
  toolFilters: undefined, // absent = allow_all
  configMetadata: { owner: "platform" }, // no cost-center
  callbackDescription: undefined,
  callbackMetadata: undefined,
  rolePermissions: ["thread_read", "member_manage"],
  roleDescription: "Support staff",
  sessions: [
    { name: "too-long", expiresInHours: 72, redirectUrl: "https://app.example.com/done" },
    // The provider accepts http for localhost; the policy still wants https.
    { name: "plain-http", redirectUrl: "http://localhost:8080/done" },
    { name: "elsewhere", expiresInHours: 1, redirectUrl: "https://attacker.example.net/cb" },
  ],
};

function program(shape: Shape) {
  return async () => {
    new tcs.ProviderConfig("github", {
      providerId: FIX.githubProvider,
      value: SECRET_CONFIG_VALUE,
      toolFilters: shape.toolFilters,
      metadata: shape.configMetadata,
    });
    new tcs.Callback("events", {
      integrationProviderId: FIX.githubIntegrationProvider,
      description: shape.callbackDescription,
      metadata: shape.callbackMetadata,
    });
    new tcs.Role("support", {
      name: "Support",
      slug: "support-policy-test",
      permissions: shape.rolePermissions,
      description: shape.roleDescription,
    });
    for (const session of shape.sessions) {
      new tcs.IntegrationSetupSession(session.name, {
        integrationId: FIX.devtoolsIntegration,
        name: `Connect (${session.name})`,
        expiresAt:
          session.expiresInHours === undefined
            ? undefined
            : new Date(Date.now() + session.expiresInHours * HOUR_MS).toISOString(),
        redirectUrl: session.redirectUrl,
        metadata: TEAM,
      });
    }
    return {};
  };
}

interface Violation {
  level: string;
  policy: string;
  /** `Type: name`, as the engine prints the resource. */
  resource: string;
  message: string;
}

/**
 * The pack's violations as the engine prints them under "Policies:":
 *   - [mandatory] [severity: high]  tcs-rule-name  (Type: name)
 *     <the rule's description>
 *     <the violation message>
 */
function violations(output: string): Violation[] {
  const found: Violation[] = [];
  const entry = /- \[(advisory|mandatory)\](?: \[severity: \w+\])?\s+(tcs-[\w-]+)\s+\((\S+: [^)]+)\)\n[^\n]*\n\s+(.*)/g;
  for (const m of output.matchAll(entry))
    found.push({ level: m[1], policy: m[2], resource: m[3], message: m[4].trim() });
  return found;
}

const CONFIG = "pulumi-nodejs:dynamic/tcs:ProviderConfig: github";
const CALLBACK = "pulumi-nodejs:dynamic/tcs:Callback: events";
const ROLE = "pulumi-nodejs:dynamic/tcs:Role: support";
const SESSION = (name: string) => `pulumi-nodejs:dynamic/tcs:IntegrationSetupSession: ${name}`;
const DEFAULT_PROVIDER = "pulumi:providers:pulumi-nodejs: default";

/** Sorted, so a test states the whole set of violations it expects, in any order. */
const sorted = (list: Violation[]) =>
  [...list].sort((a, b) => `${a.policy} ${a.resource}`.localeCompare(`${b.policy} ${b.resource}`));

describe("the pulumi-tcs policy pack on the real engine", () => {
  let emulator: RunningEmulator;
  let prod: TcsStack; // a stack named "prod": production under the default and example config
  let plainScratch: Scratch;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    prod = tcsStack("prod", emulator);
    plainScratch = makeScratch("policy-plain-key");
  });
  afterAll(async () => {
    prod?.scratch.remove();
    plainScratch?.remove();
    await emulator?.close();
  });

  async function preview(stack: Stack, configFile?: string) {
    const output = outputCollector();
    const run = stack.preview({
      policyPacks: [PACK],
      policyPackConfigs: configFile ? [configFile] : undefined,
      onOutput: output.onOutput,
    });
    const outcome = await run.then(
      () => "succeeded" as const,
      () => "failed" as const,
    );
    // POLICY_TEST_DEBUG=1 prints what the engine printed, to see a failing rule's output whole.
    if (process.env.POLICY_TEST_DEBUG) console.log(output.text());
    return { outcome, output: output.text(), found: violations(output.text()) };
  }

  testInLong("passes a compliant program in a production stack whose tcs:apiKey is a secret", async () => {
    const result = await preview(await prod.open(program(COMPLIANT)), EXAMPLE_CONFIG);
    // Nothing reported, tcs-api-key-secret included: it saw the key's secret marker.
    expect(result.found).toEqual([]);
    expect(result.output).toMatch(/✅ tcs-policy@v0\.1\.0/);
    expect(result.outcome).toBe("succeeded");
  });

  testInNpmTest(
    "blocks a program that breaks the rules, naming each violation (mandatory) and warning (advisory)",
    async () => {
      const result = await preview(await prod.open(program(BREAKING)), EXAMPLE_CONFIG);
      expect(result.outcome).toBe("failed");
      expect(result.output).toMatch(/❌ tcs-policy@v0\.1\.0/);
      expect(sorted(result.found)).toEqual(
        sorted([
          {
            level: "mandatory",
            policy: "tcs-production-tool-allowlist",
            resource: CONFIG,
            message: expect.stringMatching(/exposes every tool .*absent.* in production stack 'prod'/),
          },
          {
            level: "advisory",
            policy: "tcs-required-metadata",
            resource: CONFIG,
            message: "ProviderConfig 'github' lacks required metadata key cost-center",
          },
          {
            level: "advisory",
            policy: "tcs-required-metadata",
            resource: CALLBACK,
            message: "Callback 'events' lacks required metadata keys owner, cost-center",
          },
          {
            level: "advisory",
            policy: "tcs-callback-description",
            resource: CALLBACK,
            message: "callback 'events' has no description",
          },
          {
            level: "mandatory",
            policy: "tcs-role-sensitive-permissions",
            resource: ROLE,
            message:
              "role 'support' grants sensitive permission member_manage without the approval tag '[approved-sensitive]' in its description",
          },
          {
            level: "mandatory",
            policy: "tcs-setup-session-expiry",
            resource: SESSION("too-long"),
            message: expect.stringMatching(
              /^setup session 'too-long' expires 7\d\.\d h from now .* beyond the 48 h allowed$/,
            ),
          },
          {
            level: "mandatory",
            policy: "tcs-setup-session-redirect",
            resource: SESSION("plain-http"),
            message:
              "setup session 'plain-http' redirects to 'http://localhost:8080': uses http, not https; host 'localhost' is not in allowedRedirectHosts (app.example.com, *.example.com)",
          },
          {
            level: "mandatory",
            policy: "tcs-setup-session-redirect",
            resource: SESSION("elsewhere"),
            message: expect.stringContaining("host 'attacker.example.net' is not in allowedRedirectHosts"),
          },
        ]),
      );
    },
  );

  testInLong("takes each rule's level and settings from the policy config", async () => {
    // Levels lowered to advisory, one rule disabled, and settings that change what breaks: "prod"
    // no longer counts as production, sessions may live 4 h (so the 24 h default breaks it), any
    // https host is fine, and the role's description is the approval tag.
    const configFile = path.join(prod.scratch.dir, "policy-overrides.json");
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        "tcs-production-tool-allowlist": { productionStacks: ["live", "prod-*"] },
        "tcs-setup-session-expiry": { enforcementLevel: "advisory", maxLifetimeHours: 4 },
        "tcs-setup-session-redirect": { enforcementLevel: "advisory" },
        "tcs-role-sensitive-permissions": { approvalTag: "Support staff" },
        "tcs-required-metadata": "disabled",
      }),
    );
    const result = await preview(await prod.open(program(BREAKING)), configFile);
    expect(result.outcome).toBe("succeeded");
    expect(result.output).toMatch(/⚠️ tcs-policy@v0\.1\.0/);
    expect(sorted(result.found)).toEqual(
      sorted([
        {
          level: "advisory",
          policy: "tcs-callback-description",
          resource: CALLBACK,
          message: "callback 'events' has no description",
        },
        {
          level: "advisory",
          policy: "tcs-setup-session-expiry",
          resource: SESSION("too-long"),
          message: expect.stringMatching(/beyond the 4 h allowed$/),
        },
        {
          level: "advisory",
          policy: "tcs-setup-session-expiry",
          resource: SESSION("plain-http"),
          message:
            "setup session 'plain-http' has no expiresAt, so it lives the service default of 24 h, beyond the 4 h allowed; set expiresAt",
        },
        {
          level: "advisory",
          policy: "tcs-setup-session-redirect",
          resource: SESSION("plain-http"),
          message: "setup session 'plain-http' redirects to 'http://localhost:8080': uses http, not https",
        },
      ]),
    );
  });

  testInLong("refuses a policy config that does not fit a rule's schema, before running anything", async () => {
    const configFile = path.join(prod.scratch.dir, "policy-invalid.json");
    fs.writeFileSync(configFile, JSON.stringify({ "tcs-setup-session-expiry": { maxLifetimeHours: "two days" } }));
    const result = await preview(await prod.open(program(COMPLIANT)), configFile);
    expect(result.outcome).toBe("failed");
    expect(result.output).toMatch(
      /validating policy config: tcs-policy 0\.1\.0\s+tcs-setup-session-expiry: maxLifetimeHours: Invalid type. Expected: number, given: string/,
    );
  });

  testInLong(
    "holds a provider config on the connection marked production to the allowlist, in a stack not named production",
    async () => {
      const env = tcsStack("main", emulator);
      try {
        const stack = await env.open(async () => {
          for (const connection of ["prod", "staging"]) {
            new tcs.ProviderConfig(`github-${connection}`, {
              connection,
              providerId: FIX.githubProvider,
              value: SECRET_CONFIG_VALUE,
              metadata: TEAM,
            });
          }
          return {};
        });
        // Both connections reach the same emulator: what differs is the mark on `prod`.
        for (const connection of ["prod", "staging"]) {
          await stack.setConfig(`tcs:connections.${connection}.baseUrl`, { value: emulator.url }, true);
          await stack.setConfig(
            `tcs:connections.${connection}.apiKey`,
            { value: emulator.keys.production.secret, secret: true },
            true,
          );
        }
        await stack.setConfig("tcs:connections.prod.production", { value: "true" }, true);
        const result = await preview(stack);
        expect(result.outcome).toBe("failed");
        expect(result.found).toEqual([
          {
            level: "mandatory",
            policy: "tcs-production-tool-allowlist",
            resource: "pulumi-nodejs:dynamic/tcs:ProviderConfig: github-prod",
            message: `provider config 'github-prod' exposes every tool (toolFilters absent, which means allow_all) in production connection 'prod'; set toolFilters to { type: "tool_keys", keys: [...] }`,
          },
        ]);
        expect(result.output).not.toContain(emulator.keys.production.secret);
      } finally {
        env.scratch.remove();
      }
    },
  );

  testInNpmTest(
    "blocks a stack whose tcs:apiKey is plain text (stack policy on the default provider's inputs)",
    async () => {
      const stack = await openStack({
        program: program(COMPLIANT),
        workDir: plainScratch.dir,
        stackName: "plain-key",
        backendDir: plainScratch.backendDir,
        config: { "tcs:apiKey": { value: emulator.keys.production.secret }, "tcs:baseUrl": { value: emulator.url } },
      });
      const result = await preview(stack);
      expect(result.outcome).toBe("failed");
      expect(result.found).toEqual([
        {
          level: "mandatory",
          policy: "tcs-api-key-secret",
          resource: DEFAULT_PROVIDER,
          message:
            "stack config tcs:apiKey of stack 'plain-key' is plain text; store it with `pulumi config set --secret tcs:apiKey <key>`",
        },
      ]);
      // The rule never echoes the key.
      expect(result.output).not.toContain(emulator.keys.production.secret);
    },
  );
});
