// A stack made before the redesign of issue 16 keeps working: its saved state (fixtures/saved-state,
// made by the provider as it was then) is imported against an emulator holding the same objects, and
// today's provider refreshes it with no change, plans nothing for the same program, and writes back
// the very inputs and outputs it was given (type tokens, output names, secrets), but for the provider
// module of the inputs, which the program sends as it is today (dynamic/shim.ts), and the create key,
// which it sends with the same value under its `__` name (shapes/reserved.ts).
// The objects are made afresh through the API, so their ids, timestamps and links differ from the
// saved ones: each saved value is replaced by the value the new object holds in the same place of
// its record (records.json), which is the only edit made to the saved state. npm test runs the
// refresh, the up and the destroy; npm run test:long also the plan after a refresh, which the up after
// the refresh states again (test/long/saved-state-deeper.test.ts; test/e2e/helpers/long-split.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { ToolConnectivityClient } from "pulumi-tcs/sdk";
import { REPO_ROOT } from "../lib/engine";
import { kindOfToken } from "../../provider/type-tokens";
import {
  CREATE_KEY_INPUT,
  ENVIRONMENT_PROPERTY,
  FORMER_CREATE_KEY_INPUT,
  PROVIDER_INPUT,
  VALIDATED_BY_INPUT,
} from "../../provider/shapes/reserved";
import { providerModule } from "../../provider/dynamic/shim";
import { DECLARED, PROJECT, savedStateProgram, STACK } from "./fixtures/saved-state/program";
import { hashOf, pairedValues, readRecord, type RawRecord } from "./fixtures/saved-state/records";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { expectNoPlannedChanges, openCheckedStack, type CheckedStack } from "./helpers/post-apply-plan";
import { startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";

/**
 * What a refresh adds to a resource recorded before the dynamic door recorded environments (engine/
 * environment-record.ts): the fingerprint of the settings that reached it and the environment it lives in.
 */
const ENVIRONMENT_RECORD = { [ENVIRONMENT_PROPERTY]: expect.stringMatching(/^[\w-]{22}@rol_\w+$/) };

const FIXTURE = path.join(__dirname, "fixtures", "saved-state");
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

type Resource = {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
};
type Values = Map<string, Set<string>>;

const nameOf = (resource: Resource) => resource.urn.split("::").pop()!;
const isTcs = (resource: Resource) => resource.type.startsWith("pulumi-nodejs:dynamic/tcs:");

/** The objects of the saved program, made through the API with the declared values: resource name -> id. */
async function makeObjects(emulator: RunningEmulator): Promise<Record<string, string>> {
  const client = new ToolConnectivityClient({
    apiKey: emulator.keys.production.secret,
    baseUrl: emulator.url,
    rateLimit: false,
  });
  const github = await client.providerConfigs.create(DECLARED.config);
  const slack = await client.providerConfigs.create(DECLARED.vaultConfig);
  const callback = await client.callbacks.create(DECLARED.callback);
  const instance = await client.callbacks.instances.create(callback.id, {
    providerConfigId: github.id,
    ...DECLARED.instance,
  });
  const role = await client.roles.create(DECLARED.role);
  const auditors = await client.roles.create(DECLARED.adoptedRole);
  const { replaceWhenExpired: _providerOnly, ...session } = DECLARED.session;
  const onboarding = await client.integrationSetupSessions.create(session);
  // As when the fixture was saved: the callback's registrations and the instance's triggers settle in the background.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return {
    github: github.id,
    slack: slack.id,
    events: callback.id,
    attachment: instance.id,
    support: role.id,
    auditors: auditors.id,
    onboarding: onboarding.id,
  };
}

/** Every string of a value replaced by the one `values` pairs it with; secrets are rewritten inside their envelope. */
function rewritten(value: unknown, values: Values, where: string): unknown {
  if (typeof value === "string") {
    const paired = values.get(hashOf(value));
    if (!paired) return value;
    if (paired.size > 1)
      throw new Error(`${where}: the saved value pairs with ${paired.size} values of today's record`);
    return [...paired][0];
  }
  if (Array.isArray(value)) return value.map((item) => rewritten(item, values, where));
  if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    if (SECRET_SIG in object && typeof object.plaintext === "string") {
      return { ...object, plaintext: JSON.stringify(rewritten(JSON.parse(object.plaintext), values, where)) };
    }
    return Object.fromEntries(
      Object.entries(object).map(([key, inner]) => [key, rewritten(inner, values, `${where}.${key}`)]),
    );
  }
  return value;
}

/**
 * Plaintext secrets compared by value (the engine may re-encode a secret's JSON), and the serialized
 * provider without its whitespace, which follows the indentation of the source it was compiled from.
 */
function comparable(value: unknown, key = ""): unknown {
  if (key === "__provider" && typeof value === "string") return value.replace(/\s+/g, "");
  if (Array.isArray(value)) return value.map((item) => comparable(item));
  if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    if (SECRET_SIG in object && typeof object.plaintext === "string")
      return { secret: comparable(JSON.parse(object.plaintext)) };
    return Object.fromEntries(Object.entries(object).map(([name, inner]) => [name, comparable(inner, name)]));
  }
  return value;
}

function tcsResources(deployment: any): Map<string, Resource> {
  return new Map(
    (deployment.deployment.resources as Resource[]).filter(isTcs).map((resource) => [nameOf(resource), resource]),
  );
}

describe("a stack saved before the redesign", () => {
  let emulator: RunningEmulator;
  let scratch: Scratch;
  let stack: CheckedStack;
  let imported: Map<string, Resource>;
  const engineOutput = outputCollector();

  beforeAll(async () => {
    emulator = await startTestEmulator();
    scratch = makeScratch("saved-state");
    const ids = await makeObjects(emulator);
    stack = await openCheckedStack({
      // The package as built, as a user's program loads it (the e2e project builds dist/ first).
      program: savedStateProgram(require(path.join(REPO_ROOT, "dist", "provider")), ids.auditors),
      workDir: scratch.dir,
      stackName: STACK,
      projectName: PROJECT,
      backendDir: scratch.backendDir,
      config: {
        "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
        "tcs:baseUrl": { value: emulator.url },
        "tcs:rateLimitTier": { value: "production" },
      },
    });

    // The fixture as committed (secrets encrypted with the test passphrase), then read back in the clear to rewrite it.
    await stack.importStack(JSON.parse(fs.readFileSync(path.join(FIXTURE, "deployment.json"), "utf8")));
    const saved = await stack.exportStack();
    const records: Record<string, RawRecord> = JSON.parse(fs.readFileSync(path.join(FIXTURE, "records.json"), "utf8"));
    const shared: Values = new Map();
    const provider = (saved.deployment.resources as Resource[]).find(
      (resource) => resource.type === "pulumi:providers:pulumi-nodejs",
    );
    shared.set(hashOf(String(provider?.inputs?.["tcs:baseUrl"])), new Set([emulator.url]));
    for (const resource of (saved.deployment.resources as Resource[]).filter(isTcs))
      shared.set(hashOf(resource.id!), new Set([ids[nameOf(resource)]]));

    const resources: Resource[] = [];
    for (const resource of saved.deployment.resources as Resource[]) {
      if (!isTcs(resource)) {
        resources.push(rewritten(resource, shared, resource.urn) as Resource);
        continue;
      }
      const name = nameOf(resource);
      const inputs = rewritten(resource.inputs, shared, name) as Record<string, unknown>;
      const today = await readRecord(emulator, resource.type, ids[name], inputs);
      const values = pairedValues(records[name], today, new Map(shared));
      resources.push(rewritten(resource, values, name) as Resource);
    }
    await stack.importStack({ ...saved, deployment: { ...saved.deployment, resources } });
    imported = tcsResources(await stack.exportStack());
    expect(imported.size).toBe(7);
  });

  afterAll(async () => {
    scratch?.remove();
    await emulator?.close();
  });

  testInLong("plans no change for the same program after a refresh", async () => {
    await expectNoPlannedChanges(stack, { refresh: true, onOutput: engineOutput.onOutput, what: "of the saved state" });
  });

  testInNpmTest(
    "refreshes with no change, and records exactly the outputs it was given, with the environment each resource lives in",
    async () => {
      const refresh = await stack.refresh({ onOutput: engineOutput.onOutput });
      expect(refresh.summary.resourceChanges).toEqual({ same: 8 });
      const after = tcsResources(await stack.exportStack());
      for (const [name, resource] of imported) {
        expect({ name, type: after.get(name)?.type, outputs: comparable(after.get(name)?.outputs) }).toEqual({
          name,
          type: resource.type,
          outputs: { ...(comparable(resource.outputs) as object), ...ENVIRONMENT_RECORD },
        });
      }
    },
  );

  testInNpmTest(
    "runs the same program with no change and sends the inputs the state holds, with today's provider module",
    async () => {
      const up = await stack.up({ onOutput: engineOutput.onOutput });
      expect(up.summary.resourceChanges).toEqual({ same: 8 });
      const after = tcsResources(await stack.exportStack());
      for (const [name, resource] of imported) {
        // The same inputs, now recorded with the fingerprint of the checks that passed them (validated-by.ts)
        // and the provider module the program sends today; the outputs keep the saved one until the
        // resource is next written, and both load the same implementation. The create key has the same
        // value under its `__` name, so the create marker derived from it is the one the saved run used.
        expect(resource.inputs?.[PROVIDER_INPUT]).not.toBe(providerModule(kindOfToken(resource.type)!));
        const { [FORMER_CREATE_KEY_INPUT]: createKey, ...saved } = comparable(resource.inputs) as Record<
          string,
          unknown
        >;
        expect(createKey).toMatch(/^[0-9a-f]{32}$/);
        expect({
          name,
          inputs: comparable(after.get(name)?.inputs),
          outputs: comparable(after.get(name)?.outputs),
        }).toEqual({
          name,
          inputs: {
            ...saved,
            [CREATE_KEY_INPUT]: createKey,
            [PROVIDER_INPUT]: comparable(providerModule(kindOfToken(resource.type)!), PROVIDER_INPUT),
            [VALIDATED_BY_INPUT]: expect.stringMatching(/^[0-9a-f]{16}$/),
          },
          outputs: { ...(comparable(resource.outputs) as object), ...ENVIRONMENT_RECORD },
        });
      }
    },
  );

  testInNpmTest(
    "destroys with the config it was saved with, connections unknown to it, and deletes what the API can delete",
    async () => {
      // Made before named connections existed: its stack config holds only the default connection's settings.
      expect(Object.keys(await stack.getAllConfig()).sort()).toEqual([
        "tcs:apiKey",
        "tcs:baseUrl",
        "tcs:rateLimitTier",
      ]);
      const destroy = await stack.destroy({ onOutput: engineOutput.onOutput });
      expect(destroy.summary.result).toBe("succeeded");
      expect(destroy.summary.resourceChanges).toEqual({ delete: 8 });
      const client = new ToolConnectivityClient({
        apiKey: emulator.keys.production.secret,
        baseUrl: emulator.url,
        rateLimit: false,
      });
      const gone = async (read: () => Promise<{ status?: string | null }>) =>
        read().then(
          (record) => record.status === "deleted" || record.status === "detached",
          (error: unknown) => (error as { status?: number }).status === 404,
        );
      for (const [name, resource] of imported) {
        if (resource.type.endsWith("tcs:ProviderConfig"))
          expect({ name, gone: await gone(() => client.providerConfigs.retrieve(resource.id!)) }).toEqual({
            name,
            gone: true,
          });
        if (resource.type.endsWith("tcs:Callback"))
          expect({ name, gone: await gone(() => client.callbacks.retrieve(resource.id!)) }).toEqual({
            name,
            gone: true,
          });
      }
      expect(engineOutput.text()).not.toContain("tcs:connections");
    },
  );
});
