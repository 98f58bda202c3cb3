// Pulumi's resource options on every resource, on the real engine against the emulator: what each
// one does to the objects in the service (docs/guide.md, "Resource options"). Each option gets its own
// emulator and stack, and one program of all five resources.
import * as pulumi from "@pulumi/pulumi";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import * as fs from "node:fs";
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { expectNoPlannedChanges } from "../e2e/helpers/post-apply-plan";
import { FIX, SECRET_CONFIG_VALUE } from "../e2e/helpers/programs";
import { api, requests, startTestEmulator, tcsStack, type TcsStack } from "../e2e/helpers/tcs-stack";
import { outputCollector } from "../e2e/helpers/workspace";

type Kind = "ProviderConfig" | "Callback" | "CallbackInstance" | "Role" | "IntegrationSetupSession";

interface Variant {
  configName?: string;
  configDescription?: string;
  configValue?: Record<string, unknown>;
  callbackName?: string;
  authConfigId?: string;
  roleName?: string;
  roleSlug?: string;
  sessionName?: string;
  /** Appended to every resource's name (a rename in the program). */
  suffix?: string;
  /** Every resource inside this component (a move under a parent). */
  parentName?: string;
}

type Options = (kind: Kind) => pulumi.CustomResourceOptions;

class Group extends pulumi.ComponentResource {
  constructor(name: string) {
    super("tests:index:Group", name);
  }
}

/** One of each resource; `options` gives each its resource options. */
function five(v: Variant = {}, options: Options = () => ({})) {
  return async () => {
    const parent = v.parentName ? new Group(v.parentName) : undefined;
    const opts = (kind: Kind): pulumi.CustomResourceOptions => ({ ...(parent ? { parent } : {}), ...options(kind) });
    const name = (base: string) => `${base}${v.suffix ?? ""}`;
    const config = new tcs.ProviderConfig(
      name("github"),
      {
        providerId: FIX.githubProvider,
        name: v.configName ?? "GitHub",
        description: v.configDescription,
        value: v.configValue ?? SECRET_CONFIG_VALUE,
      },
      opts("ProviderConfig"),
    );
    const callback = new tcs.Callback(
      name("events"),
      { integrationProviderId: FIX.githubIntegrationProvider, name: v.callbackName ?? "GitHub events" },
      opts("Callback"),
    );
    const instance = new tcs.CallbackInstance(
      name("attachment"),
      { callbackId: callback.id, providerConfigId: config.id, providerAuthConfigId: v.authConfigId ?? FIX.githubOAuth },
      opts("CallbackInstance"),
    );
    const role = new tcs.Role(
      name("support"),
      { name: v.roleName ?? "Support", slug: v.roleSlug ?? "support", permissions: ["thread_read"] },
      opts("Role"),
    );
    const session = new tcs.IntegrationSetupSession(
      name("onboarding"),
      {
        integrationId: FIX.devtoolsIntegration,
        name: v.sessionName ?? "Connect developer tools",
        redirectUrl: "https://example.com/done",
      },
      opts("IntegrationSetupSession"),
    );
    return { config: config.id, callback: callback.id, instance: instance.id, role: role.id, session: session.id };
  };
}

type Ids = Record<"config" | "callback" | "instance" | "role" | "session", string>;

function idsOf(outputs: Record<string, { value: unknown }>): Ids {
  return Object.fromEntries(Object.entries(outputs).map(([key, output]) => [key, output.value])) as Ids;
}

/** What the service holds for each object: its status, or "missing" after a 404. */
async function live(emulator: RunningEmulator, ids: Ids): Promise<Record<keyof Ids, string>> {
  const status = (path: string, field = "status") =>
    api(emulator, "GET", path).then(
      (record) => String(record[field]),
      (error: Error) => (/404/.test(error.message) ? "missing" : Promise.reject(error)),
    );
  return {
    config: await status(`/provider-configs/${ids.config}`),
    callback: await status(`/callbacks/${ids.callback}`),
    instance: await status(`/callbacks/${ids.callback}/instances/${ids.instance}`),
    role: await status(`/roles/${ids.role}`, "slug"),
    session: await status(`/integration-setup-sessions/${ids.session}`),
  };
}

const ALL_LIVE = { config: "active", callback: "active", instance: "attached", role: "support", session: "pending" };

/** Requests that write (anything but GET), by method. */
async function writes(emulator: RunningEmulator): Promise<Record<string, number>> {
  const byMethod = await requests.byMethod(emulator);
  delete byMethod.GET;
  return byMethod;
}

describe("resource options on every resource", () => {
  let emulator: RunningEmulator;
  let env: TcsStack;

  beforeEach(async () => {
    emulator = await startTestEmulator();
    env = tcsStack("options", emulator);
  });
  afterEach(async () => {
    env.scratch.remove();
    await emulator.close();
  });

  it("protect: destroy and replacements are refused before any request; unprotecting costs none", async () => {
    const protect: Options = () => ({ protect: true });
    const stack = await env.open(five({}, protect));
    const ids = idsOf((await stack.up()).outputs);

    await requests.reset(emulator);
    await expect(stack.destroy()).rejects.toThrow(/protect/);
    // A replace-only change of the config (and so of the instance attached to it) and of the session.
    const replacing = await env.open(
      five({ configValue: { ...SECRET_CONFIG_VALUE, timeout_seconds: 7 }, sessionName: "Connect again" }, protect),
    );
    await expect(replacing.up()).rejects.toThrow(/unable to replace resource .* marked for protection/s);
    expect(await writes(emulator)).toEqual({});
    expect(await live(emulator, ids)).toEqual(ALL_LIVE);

    // Dropping protect is a change of state alone.
    const unprotected = await env.open(five());
    await requests.reset(emulator);
    const up = await unprotected.up();
    expect(up.summary.resourceChanges).toEqual({ same: 6 });
    expect((await requests.read(emulator)).total).toBe(0);
    await unprotected.destroy();
    // Roles and sessions have no delete in the API: they stay, as without protect.
    expect(await live(emulator, ids)).toEqual({
      config: "missing",
      callback: "deleted",
      instance: "detached",
      role: "support",
      session: "pending",
    });
  });

  it("retainOnDelete: destroy leaves every object in the service, and a later program adopts each with adoptId", async () => {
    const stack = await env.open(five({}, () => ({ retainOnDelete: true })));
    const ids = idsOf((await stack.up()).outputs);

    await requests.reset(emulator);
    const output = outputCollector();
    const destroy = await stack.destroy({ onOutput: output.onOutput });
    expect(destroy.summary.resourceChanges).toMatchObject({ delete: 6 });
    expect(await writes(emulator)).toEqual({});
    expect(await live(emulator, ids)).toEqual(ALL_LIVE);
    // The provider's delete is not called at all, so neither is its note about roles and sessions.
    expect(output.text()).not.toMatch(/cannot delete/);

    const adopting = await env.open(async () => {
      const config = new tcs.ProviderConfig("github", {
        providerId: FIX.githubProvider,
        name: "GitHub",
        adoptId: ids.config,
      });
      const callback = new tcs.Callback("events", {
        integrationProviderId: FIX.githubIntegrationProvider,
        name: "GitHub events",
        adoptId: ids.callback,
      });
      const instance = new tcs.CallbackInstance("attachment", {
        callbackId: callback.id,
        providerConfigId: config.id,
        providerAuthConfigId: FIX.githubOAuth,
        adoptId: ids.instance,
      });
      const role = new tcs.Role("support", {
        name: "Support",
        slug: "support",
        permissions: ["thread_read"],
        adoptId: ids.role,
      });
      const session = new tcs.IntegrationSetupSession("onboarding", {
        integrationId: FIX.devtoolsIntegration,
        name: "Connect developer tools",
        redirectUrl: "https://example.com/done",
        adoptId: ids.session,
      });
      return { config: config.id, callback: callback.id, instance: instance.id, role: role.id, session: session.id };
    });
    await requests.reset(emulator);
    const adopted = await adopting.up();
    expect(idsOf(adopted.outputs)).toEqual(ids);
    // Taken over as they are: the declared values match, so nothing is written.
    expect(await writes(emulator)).toEqual({});
  });

  it("deleteBeforeReplace: each replaced object is deleted (where the API can) before its replacement is made", async () => {
    const options: Options = (kind) => ({
      deleteBeforeReplace: true,
      ...(kind === "Callback" || kind === "Role" ? { replaceOnChanges: ["name", "slug"] } : {}),
    });
    const stack = await env.open(five({}, options));
    const ids = idsOf((await stack.up()).outputs);

    const replacing = await env.open(
      five(
        {
          configValue: { ...SECRET_CONFIG_VALUE, timeout_seconds: 7 },
          callbackName: "Renamed events",
          roleSlug: "support-v2",
          sessionName: "Connect again",
        },
        options,
      ),
    );
    const steps: Array<{ op: string; type: string }> = [];
    const onEvent = (event: EngineEvent) => {
      const step = event.resourcePreEvent?.metadata;
      if (step) steps.push({ op: step.op, type: step.type.replace("pulumi-nodejs:dynamic/tcs:", "") });
    };
    const up = await replacing.up({ onEvent });
    expect(up.summary.resourceChanges).toMatchObject({ replace: 5 });
    for (const kind of ["ProviderConfig", "Callback", "CallbackInstance", "Role", "IntegrationSetupSession"]) {
      const deleted = steps.findIndex((s) => s.type === kind && s.op === "delete-replaced");
      const created = steps.findIndex((s) => s.type === kind && s.op === "create-replacement");
      expect({ kind, deletedFirst: deleted >= 0 && deleted < created }).toEqual({ kind, deletedFirst: true });
    }
    const next = idsOf(up.outputs);
    for (const key of Object.keys(ids) as Array<keyof Ids>) expect(next[key]).not.toBe(ids[key]);
    expect(await live(emulator, ids)).toEqual({
      config: "missing",
      callback: "deleted",
      instance: "detached",
      role: "support",
      session: "pending",
    });
    expect(await live(emulator, next)).toEqual({ ...ALL_LIVE, role: "support-v2" });
  });

  it("replaceOnChanges: a change of a named in-place field makes a new object (a callback deleting first), a role only with a new slug", async () => {
    const options: Options = () => ({ replaceOnChanges: ["name"] });
    const stack = await env.open(five({}, options));
    const ids = idsOf((await stack.up()).outputs);

    // The service allows one role per slug and cannot delete roles: refused at preview, naming the fix.
    const sameSlug = await env.open(
      five({ configName: "GitHub v2", callbackName: "Events v2", roleName: "Support v2" }, options),
    );
    const output = outputCollector();
    await expect(sameSlug.preview({ onOutput: output.onOutput })).rejects.toThrow();
    expect(output.text()).toMatch(
      /name.*changing it replaces the Role, and the old one keeps its slug.*Change slug too/s,
    );

    const renamed = await env.open(
      five(
        {
          configName: "GitHub v2",
          callbackName: "Events v2",
          roleName: "Support v2",
          roleSlug: "support-v2",
          sessionName: "Connect v2",
        },
        options,
      ),
    );
    await requests.reset(emulator);
    const up = await renamed.up();
    // The instance goes with the config and callback it is attached to.
    expect(up.summary.resourceChanges).toMatchObject({ replace: 5 });
    expect(await writes(emulator)).toMatchObject({ POST: 5 });
    const next = idsOf(up.outputs);
    for (const key of Object.keys(ids) as Array<keyof Ids>) expect(next[key]).not.toBe(ids[key]);
    expect(await live(emulator, ids)).toEqual({
      config: "missing",
      callback: "deleted",
      instance: "detached",
      role: "support",
      session: "pending",
    });
    expect(await live(emulator, next)).toEqual({ ...ALL_LIVE, role: "support-v2" });
    expect((await api(emulator, "GET", `/provider-configs/${next.config}`)).name).toBe("GitHub v2");
  });

  it("ignoreChanges holds after changes by hand: up --refresh writes none of them back (issue 14, failure 8)", async () => {
    const options: Options = (kind) => ({
      ignoreChanges: kind === "CallbackInstance" ? ["providerAuthConfigId"] : ["name"],
    });
    const stack = await env.open(five({}, options));
    const ids = idsOf((await stack.up()).outputs);

    // A changed declaration of an ignored field plans nothing and costs no request.
    const changed = await env.open(
      five(
        {
          configName: "declared",
          callbackName: "declared",
          roleName: "declared",
          sessionName: "declared",
          authConfigId: FIX.githubPat,
        },
        options,
      ),
    );
    await requests.reset(emulator);
    await expectNoPlannedChanges(changed, { what: "with ignored fields declared anew" });
    expect((await requests.read(emulator)).total).toBe(0);

    // Renamed by hand (sessions and instances cannot be changed by hand); the config's description too,
    // which is not ignored.
    await api(emulator, "PATCH", `/callbacks/${ids.callback}`, { name: "callback by hand" });
    await api(emulator, "PATCH", `/provider-configs/${ids.config}`, { name: "config by hand", description: "by hand" });
    await api(emulator, "PUT", `/roles/${ids.role}`, {
      name: "role by hand",
      slug: "support",
      permissions: ["thread_read"],
    });
    await requests.reset(emulator);
    // The plan after it reads every object again (post-apply-plan.ts): nothing left to put back.
    const up = await changed.up({ refresh: true, planAfter: { refresh: true } });
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    // One write: the config's description put back. Its PATCH carries the name it found, not the stale one.
    expect(await writes(emulator)).toEqual({ PATCH: 1 });
    expect((await api(emulator, "GET", `/callbacks/${ids.callback}`)).name).toBe("callback by hand");
    expect((await api(emulator, "GET", `/roles/${ids.role}`)).name).toBe("role by hand");
    expect(await api(emulator, "GET", `/provider-configs/${ids.config}`)).toMatchObject({
      name: "config by hand",
      description: null,
    });
  });

  it("a refresh that records the inputs found keeps the config's value secret and leaves undeclared defaults out", async () => {
    const stack = await env.open(five());
    const ids = idsOf((await stack.up()).outputs);
    await api(emulator, "PATCH", `/provider-configs/${ids.config}`, { name: "config by hand" });
    const output = outputCollector();
    await stack.refresh({ onOutput: output.onOutput });

    // Everything on disk (state, backups, history) and everything the engine printed.
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const onDisk = files(env.scratch.backendDir).map((file) => fs.readFileSync(file, "utf8"));
    for (const text of [...onDisk, output.text()]) expect(text).not.toContain(SECRET_CONFIG_VALUE.base_url);
    const checkpoint = JSON.parse(
      onDisk.find((text) => text.includes('"checkpoint"') && text.includes("config by hand"))!,
    ).checkpoint;
    const config = checkpoint.latest.resources.find(
      (r: { type: string }) => r.type === "pulumi-nodejs:dynamic/tcs:ProviderConfig",
    );
    expect(config.inputs.name).toBe("config by hand");
    expect(config.inputs.value).toHaveProperty("4dabf18193072939515e22adb298388d", "1b47061264138c4ac30d75fd1eb44270");
    // The deployment the service picked is an output, not an input the program never declared.
    expect(config.outputs.providerDeploymentId).toMatch(/^pdep_/);
    expect(config.inputs).not.toHaveProperty("providerDeploymentId");

    // The plan is the name put back, and only that.
    const preview = outputCollector();
    const planned = await stack.preview({ diff: true, onOutput: preview.onOutput });
    expect(planned.changeSummary).toEqual({ update: 1, same: 5 });
    expect(preview.text()).toMatch(/~ name\s*: "config by hand" => "GitHub"/);
    expect(preview.text()).not.toMatch(/[-+] (providerDeploymentId|toolFilters|value)/);
    await stack.up({ planAfter: { refresh: true } });
  });

  it("aliases: a renamed resource, or one moved under a parent, stays the same object with no request", async () => {
    const stack = await env.open(five());
    const ids = idsOf((await stack.up()).outputs);

    const renamed = await env.open(five({ suffix: "-renamed" }, (kind) => ({ aliases: [{ name: baseName(kind) }] })));
    await requests.reset(emulator);
    const up = await renamed.up();
    expect(up.summary.resourceChanges).toEqual({ same: 6 });
    expect((await requests.read(emulator)).total).toBe(0);
    expect(idsOf(up.outputs)).toEqual(ids);

    // Five siblings under one component: each one's identity input used to depend on the parent,
    // which stands for all its children, so they waited for each other forever.
    const moved = (v: Variant) =>
      five({ ...v, suffix: "-renamed", parentName: "group" }, () => ({
        aliases: [{ parent: pulumi.rootStackResource }],
      }));
    const movedStack = await env.open(moved({}));
    await requests.reset(emulator);
    const move = await movedStack.up();
    expect(move.summary.resourceChanges).toEqual({ same: 6, create: 1 });
    expect((await requests.read(emulator)).total).toBe(0);
    expect(idsOf(move.outputs)).toEqual(ids);

    // Still managed: a change after the move goes to the same object.
    const edited = await env.open(moved({ callbackName: "Moved events" }));
    await requests.reset(emulator);
    await edited.up();
    expect(await writes(emulator)).toEqual({ PATCH: 1 });
    expect((await api(emulator, "GET", `/callbacks/${ids.callback}`)).name).toBe("Moved events");
  }, 120_000); // tcs resources under one component used to wait for each other forever: fail fast on a hang
});

function baseName(kind: Kind): string {
  return {
    ProviderConfig: "github",
    Callback: "events",
    CallbackInstance: "attachment",
    Role: "support",
    IntegrationSetupSession: "onboarding",
  }[kind];
}
