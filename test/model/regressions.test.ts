// The failures the review found (issue "Plan and apply are never wrong"), each replayed through the
// provider's engine against the emulator as the model found or would find it. Each fails on the code
// before its fix.
import { MARKER_KEY } from "../../provider/shapes/reserved";
import { RunErrors, SimEngine, StepError, type Declaration } from "./harness/sim-engine";
import { noDuplicateNoOrphan, refreshPlansNothing, serviceMatchesProgram, stillLive } from "./harness/invariants";
import { SESSION_LEFT_BESIDE } from "./harness/loose";
import { upLosingTheCreate } from "./harness/one-object-commands";
import { ChangeAdoptedReplaceOnly, MoveAdopted, newReal, type Real } from "./harness/commands";
import { declarations } from "./harness/program";
import { upAndCheck } from "./harness/real";
import { SLOW_CREATE_MS, World } from "./harness/world";

let world: World;
beforeAll(async () => {
  world = await World.start();
});
afterAll(() => world.close());
beforeEach(() => world.reset());

const config = (args: Record<string, unknown>): Declaration => ({ name: "config", kind: "ProviderConfig", args });

/** Writes sent to the service since the last reset of the counters, by method. */
async function writes(): Promise<Record<string, number>> {
  const counts = await world.control<{ by_route: Record<string, number> }>("GET", "/requests");
  const byMethod: Record<string, number> = {};
  for (const [route, n] of Object.entries(counts.by_route)) {
    const method = route.split(" ")[0];
    if (method !== "GET") byMethod[method] = (byMethod[method] ?? 0) + n;
  }
  return byMethod;
}

async function converged(sim: SimEngine, program: Declaration[], accountedFor: Set<string> = new Set<string>()) {
  await serviceMatchesProgram(world, sim, program);
  await noDuplicateNoOrphan(world, sim, accountedFor);
  await refreshPlansNothing(sim, program);
}

describe("regressions found by the model", () => {
  it("1: a config from a vault whose value overrides one setting passes preview, and the service holds vault + value", async () => {
    const github = world.catalog.providers.github;
    const program = [
      config({ providerId: github.id, providerConfigVaultId: github.vaults[0].id, value: { timeout_seconds: 45 } }),
    ];
    const sim = new SimEngine(() => world.newContext());
    await sim.up(program);
    expect(await world.configSettings(sim.state.get("config")!.id)).toEqual({
      base_url: "https://api.github.com",
      timeout_seconds: 45,
    });
    await converged(sim, program);
  });

  it("1: a vault does not excuse a setting of the wrong type: preview names value.timeout_seconds", async () => {
    const github = world.catalog.providers.github;
    const sim = new SimEngine(() => world.newContext());
    const failure = await sim
      .up([
        config({
          providerId: github.id,
          providerConfigVaultId: github.vaults[0].id,
          value: { timeout_seconds: "soon" },
        }),
      ])
      .catch((e) => e);
    expect(failure).toBeInstanceOf(StepError);
    // A part of a secret input: named in the reason, its value not shown (planner.ts, keepingSecrets).
    expect(failure.failures).toEqual([
      { property: "", reason: expect.stringMatching(/^value\.timeout_seconds \(secret, not shown\) /) },
    ]);
  });

  it("2: a value change on an adopted config with adoptId kept is refused at preview, naming value and the way forward; nothing is written", async () => {
    const github = world.catalog.providers.github;
    const existing = await world.operator.providerConfigs.create({
      providerId: github.id,
      value: { base_url: "https://api.github.com", timeout_seconds: 5 },
    });
    const sim = new SimEngine(() => world.newContext());
    await sim.up([config({ adoptId: existing.id, providerId: github.id })]);
    await world.control("DELETE", "/requests");

    const failure = await sim
      .up([
        config({
          adoptId: existing.id,
          providerId: github.id,
          value: { base_url: "https://api.github.com", timeout_seconds: 60 },
        }),
      ])
      .catch((e) => e);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.op).toBe("check");
    expect(failure.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(/^value \(secret, not shown\) .*Remove adoptId in the same change to replace it/),
      },
    ]);
    expect(await writes()).toEqual({});
    expect(await world.configSettings(existing.id)).toEqual({ base_url: "https://api.github.com", timeout_seconds: 5 });

    // The way forward the message names: adoptId removed with the new value replaces the config.
    const program = [
      config({ providerId: github.id, value: { base_url: "https://api.github.com", timeout_seconds: 60 } }),
    ];
    await sim.up(program);
    expect(sim.state.get("config")!.id).not.toBe(existing.id);
    await converged(sim, program);
  });

  it("3: removing adoptId from an adopted config declared without value (as pulumi-tcs generate writes it) is one PATCH, which gives it the create marker and no value; then nothing", async () => {
    const github = world.catalog.providers.github;
    const existing = await world.operator.providerConfigs.create({
      providerId: github.id,
      value: { base_url: "https://api.github.com", timeout_seconds: 5 },
      name: "made by hand",
    });
    const sim = new SimEngine(() => world.newContext());
    await sim.up([config({ adoptId: existing.id, providerId: github.id, name: "made by hand" })]);
    await world.control("DELETE", "/requests");

    const program = [config({ providerId: github.id, name: "made by hand" })];
    await sim.up(program);
    expect(sim.state.get("config")!.id).toBe(existing.id);
    expect(await writes()).toEqual({ PATCH: 1 });
    const patched = await world.operator.providerConfigs.retrieve(existing.id);
    expect(Object.keys(patched.metadata ?? {})).toContain(MARKER_KEY);
    expect(patched.name).toBe("made by hand");
    await world.control("DELETE", "/requests");
    await sim.up(program);
    expect(await writes()).toEqual({});
    await converged(sim, program, new Set([existing.id]));

    // A change that replaces it still needs settings, and says so at preview: the recorded inputs lack
    // the deployment the service picked, so diff sees the change against the live one.
    const failure = await sim
      .up([config({ providerId: github.id, providerDeploymentId: github.deployments[1], name: "made by hand" })])
      .catch((e) => e);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.op).toBe("diff");
    expect(failure.message).toMatch(new RegExp(`${existing.id}: value \\(secret, not shown\\) .*creates a new config`));
    expect(await writes()).toEqual({});
  });

  it("an adopted config declaring its deployment, renamed by hand, passes every up after the refresh; a new deployment is still refused at preview (found by the model)", async () => {
    const github = world.catalog.providers.github;
    const existing = await world.operator.providerConfigs.create({
      providerId: github.id,
      value: { base_url: "https://api.github.com", timeout_seconds: 5 },
    });
    const sim = new SimEngine(() => world.newContext());
    // As pulumi-tcs generate writes it: the deployment the service picked, declared.
    const adopted = (deployment: string) => [
      config({ adoptId: existing.id, providerId: github.id, providerDeploymentId: deployment, name: "Ops" }),
    ];
    const deployment = existing.deployment!.id;
    const program = adopted(deployment);
    await sim.up(program);
    await world.operator.providerConfigs.update(existing.id, { name: "renamed by hand" });

    // The refresh records inputs without the deployment; the declared one is the live one, so the name is put back.
    await sim.up(program, { refresh: true });
    expect((await world.operator.providerConfigs.retrieve(existing.id)).name).toBe("Ops");
    await converged(sim, program, new Set([existing.id]));

    // A refresh alone leaves inputs without the deployment: check cannot see a new one, diff refuses it.
    await world.operator.providerConfigs.update(existing.id, { name: "renamed again" });
    await sim.refresh();
    await world.control("DELETE", "/requests");
    const other = github.deployments.find((d) => d !== deployment)!;
    const failure = await sim.up(adopted(other)).catch((e) => e);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.op).toBe("diff");
    expect(failure.message).toMatch(
      new RegExp(`${existing.id}: providerDeploymentId cannot change on ${existing.id} while adoptId names it`),
    );
    expect(await writes()).toEqual({});
  });

  it("an instance moved to another resource name while the create's answer is lost keeps its object attached (found by the deep run)", async () => {
    const github = world.catalog.providers.github;
    const cb = {
      name: "cb",
      kind: "Callback" as const,
      args: { integrationProviderId: world.catalog.integrationProviders.find((p) => p.providerId === github.id)!.id },
    };
    const pc = config({ providerId: github.id, value: { base_url: "https://api.github.com", timeout_seconds: 30 } });
    const instance = (name: string): Declaration => ({
      name,
      kind: "CallbackInstance",
      args: { callbackId: { $ref: "cb" }, providerConfigId: { $ref: "config" } },
    });
    const sim = new SimEngine(() => world.newContext());
    await sim.up([pc, cb, instance("old-name")]);
    const before = sim.state.get("old-name")!.id;

    // Renamed without an alias: the engine creates "new-name", then deletes "old-name". The create's
    // POST collides with the same attachment, and its answer is lost, so the provider finds the
    // attachment by its config: the object "old-name" holds.
    await world.control("POST", "/faults", {
      seed: 1,
      rules: [{ method: "POST", path: "/callbacks/*/instances", drop_after_commit: true, count: 1 }],
    });
    const program = [pc, cb, instance("new-name")];
    await sim.up(program);
    await world.clearFaults();
    expect(sim.state.get("new-name")!.id).toBe(before);
    await converged(sim, program);
  });

  it("a replacement never takes over the object it replaces, even when a run fails before the old one's delete (found by the model)", async () => {
    const github = world.catalog.providers.github;
    // replaceOnChanges: ["name"] makes putting back a name changed by hand a replacement, whose create
    // marker is the old object's (same declared values).
    const pc = config({
      providerId: github.id,
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      tcsReplaceOnChanges: ["name"],
    });
    const role: Declaration = {
      name: "role",
      kind: "Role",
      args: { name: "Role", slug: "after-config", permissions: ["thread_read"] },
    };
    const sim = new SimEngine(() => world.newContext());
    await sim.up([pc]);
    const original = sim.state.get("config")!.id;
    await world.operator.providerConfigs.update(original, { name: "renamed by hand" });

    // The run replaces the config, then fails on a later step: the old config's delete is left pending.
    await world.control("POST", "/faults", {
      seed: 1,
      rules: [{ method: "POST", path: "/roles", status: 400, code: "invalid_request", count: 1 }],
    });
    await expect(sim.up([pc, role], { refresh: true })).rejects.toThrow(StepError);
    await world.clearFaults();
    expect(sim.state.get("config")!.id).not.toBe(original);
    expect(sim.pendingDeletes.map((entry) => entry.id)).toEqual([original]);

    // The next run deletes the pending one; state's config lives on.
    await sim.up([pc, role]);
    await converged(sim, [pc, role]);
  });

  it("a session replaced after its declared expiry passed fails preview naming expiresAt, not halfway through up (found by the model)", async () => {
    const session = (identityActorId?: string): Declaration => ({
      name: "session",
      kind: "IntegrationSetupSession",
      args: {
        integrationId: world.catalog.integrations[0],
        name: "Setup",
        expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        identityActorId,
      },
    });
    const sim = new SimEngine(() => world.newContext());
    const first = session();
    await sim.up([first]);
    await world.advanceTime(3 * 86_400_000);
    // Unchanged, the expired session is fine; a change that replaces it would send the passed expiry.
    await sim.up([first]);
    const failure = await sim.up([{ ...first, args: { ...first.args, identityActorId: "actor-1" } }]).catch((e) => e);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.failures).toEqual([
      { property: "expiresAt", reason: expect.stringMatching(/this change replaces the session/) },
    ]);
  });

  it("a config moved to another connection onto an adopted config there, value kept, is refused at preview naming value (found by the model)", async () => {
    const github = world.catalog.providers.github;
    const value = { base_url: "https://api.github.com", timeout_seconds: 30 };
    const sim = new SimEngine((connection) => world.newContext(connection));
    await sim.up([config({ providerId: github.id, value })]);
    // Production already holds a config an operator made, with other settings.
    const prepared = await world.operatorOf("prod").providerConfigs.create({
      providerId: github.id,
      value: { base_url: "https://ghe.example.com/api/v3", timeout_seconds: 5 },
    });

    // The move replaces the config, and its create adopts the prepared one: the declared value could
    // never reach it, and state would record a value the config does not hold.
    const failure = await sim
      .up([config({ providerId: github.id, value, adoptId: prepared.id, connection: "prod" })])
      .catch((e) => e);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.op).toBe("check");
    expect(failure.failures).toEqual([
      { property: "", reason: expect.stringMatching(/^value \(secret, not shown\) .*being adopted.*Leave value out/) },
    ]);
    expect(await world.configSettings(prepared.id)).toEqual({
      base_url: "https://ghe.example.com/api/v3",
      timeout_seconds: 5,
    });

    // Adopted as it is, the move goes through: the config lives in production, the old one is deleted.
    const program = [config({ providerId: github.id, adoptId: prepared.id, connection: "prod" })];
    await sim.up(program);
    expect(sim.state.get("config")!.id).toBe(prepared.id);
    await converged(sim, program, new Set([prepared.id]));
  });

  it("a role whose replaceOnChanges names a field is moved to another connection with that field changed (found while modelling moves)", async () => {
    const role = (args: Record<string, unknown>): Declaration => ({
      name: "role",
      kind: "Role",
      args: { slug: "support", permissions: ["thread_read"], tcsReplaceOnChanges: ["name"], ...args },
    });
    const sim = new SimEngine((connection) => world.newContext(connection));
    await sim.up([role({ name: "Support" })]);
    const before = sim.state.get("role")!.id;

    // The replacement is made in the other environment, which holds no role with this slug: nothing
    // conflicts, unlike a replacement in the same environment (refused: the old role keeps the slug).
    const program = [role({ name: "Support (production)", connection: "prod" })];
    await sim.up(program);
    expect(sim.state.get("role")!.id).not.toBe(before);
    expect(sim.released.has(before)).toBe(true);
    await converged(sim, program);
  });
});

// The events behind one object per resource (issue 33), each a fixed short sequence of what the
// model's commands do (harness/one-object-commands.ts), and the gaps the model found there, pinned
// by tests that fail until they are closed.
describe("one object per resource: the model's events", () => {
  const github = () => world.catalog.providers.github;
  const githubValue = (timeout: number) => ({ base_url: "https://api.github.com", timeout_seconds: timeout });
  const callback = (args: Record<string, unknown>): Declaration => ({ name: "cb", kind: "Callback", args });
  const instance = (name: string): Declaration => ({
    name,
    kind: "CallbackInstance",
    args: { callbackId: { $ref: "cb" }, providerConfigId: { $ref: "config" } },
  });
  const integrationProviders = () => world.catalog.integrationProviders;

  let warnings: string[];
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    warnings = [];
    stderr = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      warnings.push(String(chunk));
      return true;
    });
  });
  afterEach(() => stderr.mockRestore());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The configs the runs made: active ones but the fixtures'. */
  const activeConfigs = async () =>
    (await world.operator.providerConfigs.list({ status: "active", limit: 100 })).items
      .map((c) => c.id)
      .filter((id) => !world.catalog.seededConfigs.has(id));
  const activeCallbacks = async () =>
    (await world.operator.callbacks.list({ status: "active", limit: 100 })).items.map((c) => c.id);
  const markerOn = async (id: string) =>
    ((await world.operator.callbacks.retrieve(id)).metadata as Record<string, unknown> | null)?.[MARKER_KEY];

  it("1: a create slower than the client's timeout is not sent again; once it committed, the next run takes it over: one object", async () => {
    const program = [config({ providerId: github().id, value: githubValue(30) })];
    const sim = new SimEngine(() => world.newContext());
    const { failure } = await world.upWithSlowCreate(() => sim.up(program));
    expect(failure).toBeInstanceOf(StepError);
    expect((failure as StepError).message).toMatch(/may still create it, so the create was not sent again/);
    expect(sim.state.has("config")).toBe(false);

    // The service commits the held create after the client gave up: one config, never two.
    await sleep(SLOW_CREATE_MS);
    const made = await activeConfigs();
    expect(made).toHaveLength(1);
    await sim.up(program);
    expect(sim.state.get("config")!.id).toBe(made[0]);
    expect(await activeConfigs()).toEqual(made);
    await converged(sim, program);
  });

  it("1: a rerun straight away, while the service still holds a create it commits late, waits for it and takes it over: one object (issue 58)", async () => {
    const program = [config({ providerId: github().id, value: githubValue(30) })];
    const sim = new SimEngine(() => world.newContext());
    // A client timeout a loaded machine's other requests stay well inside, and a create held 1.5 of it.
    const { failure } = await world.upWithSlowCreate(() => sim.up(program), 1_500, 1_000);
    expect((failure as StepError).message).toMatch(/may still create it, so the create was not sent again/);
    expect(await activeConfigs()).toEqual([]);

    await sim.up(program);
    // Past every moment the held create could commit by: the one config the stack holds.
    await sleep(1_500);
    expect(await activeConfigs()).toEqual([sim.state.get("config")!.id]);
    expect(warnings.join("")).toMatch(/waiting up to \d+ s .* for an earlier run's unanswered create/);
    await converged(sim, program);
  });

  /** A setup session, on the default connection or the one named. */
  const session = (connection?: string): Declaration => ({
    name: "session",
    kind: "IntegrationSetupSession",
    args: { integrationId: world.catalog.integrations[0], name: "Setup", ...(connection ? { connection } : {}) },
  });

  it("1: a session moved to the other connection and back, its create slower than the timeout: the next run takes over what that create made, not the session the first create left (found by the model in CI)", async () => {
    const sim = new SimEngine((connection) => world.newContext(connection));
    await sim.up([session()]);
    const first = sim.state.get("session")!.id;
    await sim.up([session("prod")]);
    expect(sim.released.has(first)).toBe(true);

    // Back in development, the create is held past the client's timeout; the session the first create
    // made still carries the same marker (the API cannot delete it).
    const program = [session()];
    const { failure } = await world.upWithSlowCreate(() => sim.up(program));
    expect(failure).toBeInstanceOf(StepError);
    await sleep(SLOW_CREATE_MS);
    const pending = (await world.operator.integrationSetupSessions.list({ status: "pending", limit: 100 })).items.map(
      (s) => s.id,
    );
    const madeBySlowCreate = pending.filter((id) => id !== first);
    expect(madeBySlowCreate).toHaveLength(1);

    await sim.up(program);
    expect(sim.state.get("session")!.id).toBe(madeBySlowCreate[0]);
    await converged(sim, program);
  });

  it("1: a session made beside one carrying its marker names it in the run that makes it, also after a failed run of its create said so (found by the 20,000-sequence run)", async () => {
    const sim = new SimEngine((connection) => world.newContext(connection));
    await sim.up([session()]);
    const first = sim.state.get("session")!.id;
    await sim.up([session("prod")]);

    // Back in development, the create's POST answers 503 and the lookup for what it may have made fails
    // too: the run fails with the create unfinished, its intent naming the session that already carried the marker.
    const program = [session()];
    const failure = await world.upFailingTheCreate(() => sim.up(program), "/integration-setup-sessions");
    expect(failure).toBeInstanceOf(StepError);
    expect((failure as StepError).message).toMatch(/looking for it failed too/);

    warnings.length = 0;
    await sim.up(program);
    expect(sim.state.get("session")!.id).not.toBe(first);
    expect(warnings.join("")).toContain(`${first}: ${SESSION_LEFT_BESIDE}`);
    await converged(sim, program, new Set([first]));
  });

  /** The program's declarations with the resource option deleteBeforeReplace on those named, as a user adds it for `up --replace`. */
  const deletingFirst = (program: Declaration[], names: string[]): Declaration[] =>
    program.map((decl) => (names.includes(decl.name) ? { ...decl, options: { deleteBeforeReplace: true } } : decl));

  it("2: up --replace with unchanged inputs is refused naming the object it would replace (the engine checks it as a create the state does not hold); with deleteBeforeReplace (a role: a new slug) it makes a new object and removes the old one; a session rotates at once", async () => {
    const program: Declaration[] = [
      { name: "role", kind: "Role", args: { name: "Triage", slug: "triage", permissions: ["thread_read"] } },
      config({ providerId: github().id, value: githubValue(30) }),
      callback({ integrationProviderId: integrationProviders().find((p) => p.providerId === github().id)!.id }),
      instance("instance"),
      {
        name: "session",
        kind: "IntegrationSetupSession",
        args: { integrationId: world.catalog.integrations[0], name: "Setup" },
      },
    ];
    const sim = new SimEngine(() => world.newContext());
    await sim.up(program);
    const before = new Map([...sim.state.values()].map((entry) => [entry.name, { ...entry }]));

    // As Pulumi's engine runs `up --replace`: check without old inputs, no diff, create, the old object's delete last.
    // The create meets the object it replaces: by its marker (callback, config), or as declared (role, instance, no marker).
    const refusals: [string, string, string][] = [
      ["config", "has this resource's marker but is not in state", "set deleteBeforeReplace"],
      ["cb", "has this resource's marker but is not in state", "set deleteBeforeReplace"],
      ["role", "is as declared, but nothing proves it this stack's", "change slug"],
      ["instance", "is as declared, but nothing proves it this stack's", "set deleteBeforeReplace"],
    ];
    for (const [name, says, fix] of refusals) {
      const current = sim.state.get(name)!;
      const failure = await sim.up(program, { replace: [name] }).catch((e) => e);
      expect(failure).toBeInstanceOf(StepError);
      expect([failure.op, failure.resource]).toEqual(["create", name]);
      expect(failure.message).toContain(`${current.id} ${says}`);
      expect(failure.message).toMatch(
        new RegExp(`If up --replace: ${fix}\\. If.*set adoptId: "${current.id}" on it\\.`),
      );
      expect(sim.state.get(name)!.id).toBe(current.id);
      expect(await stillLive(world, current)).toBe(true);
    }
    await converged(sim, program);

    // The fix each refusal names: deleteBeforeReplace deletes the old object first, then creates.
    await sim.up(deletingFirst(program, ["config", "cb", "instance"]), { replace: ["config", "cb", "instance"] });
    for (const name of ["config", "cb", "instance"]) {
      expect(sim.state.get(name)!.id).not.toBe(before.get(name)!.id);
      expect(await stillLive(world, before.get(name)!)).toBe(false);
    }
    // A role keeps its slug for ever: the replacement takes a new one, and the old role is let go of.
    const renamed = program.map((decl) =>
      decl.name === "role" ? { ...decl, args: { ...decl.args, slug: "triage-2" } } : decl,
    );
    await sim.up(renamed, { replace: ["role"] });
    expect(sim.state.get("role")!.id).not.toBe(before.get("role")!.id);
    expect(sim.released.has(before.get("role")!.id)).toBe(true);
    // A session blocks nothing (the API cannot delete one): a new one at once, the old one named and let go of.
    await sim.up(renamed, { replace: ["session"] });
    const oldSession = before.get("session")!.id;
    expect(sim.state.get("session")!.id).not.toBe(oldSession);
    expect(sim.released.has(oldSession)).toBe(true);
    expect(warnings.join("")).toContain(
      `${oldSession}: left as it is: it has this resource's create marker but is not in this stack's state`,
    );
    await converged(sim, renamed, new Set([before.get("role")!.id, oldSession]));
  });

  it("2: up --replace of a callback adopted earlier, adoptId removed since, is refused by the marker removing adoptId gave it; with deleteBeforeReplace it makes a new callback", async () => {
    const integrationProviderId = integrationProviders()[0].id;
    const existing = await world.operator.callbacks.create({ integrationProviderId, name: "external" });
    const sim = new SimEngine(() => world.newContext());
    await sim.up([callback({ adoptId: existing.id, integrationProviderId, name: "external" })]);
    const program = [callback({ integrationProviderId, name: "external" })];
    await sim.up(program);
    expect(sim.state.get("cb")!.id).toBe(existing.id);
    expect(Object.keys((await world.operator.callbacks.retrieve(existing.id)).metadata ?? {})).toContain(MARKER_KEY);

    await expect(sim.up(program, { replace: ["cb"] })).rejects.toThrow(
      `${existing.id} has this resource's marker but is not in state`,
    );
    await sim.up(deletingFirst(program, ["cb"]), { replace: ["cb"] });
    expect(sim.state.get("cb")!.id).not.toBe(existing.id);
    expect(await stillLive(world, { ...sim.state.get("cb")!, id: existing.id })).toBe(false);
    await converged(sim, program);
  });

  it("2: adoptId removed in the same run as up --replace: the replacement collides with the unmarked callback, refused naming adoptId and deleteBeforeReplace, which then lets it through", async () => {
    const integrationProviderId = integrationProviders()[0].id;
    const existing = await world.operator.callbacks.create({ integrationProviderId, name: "external" });
    const sim = new SimEngine(() => world.newContext());
    await sim.up([callback({ adoptId: existing.id, integrationProviderId, name: "external" })]);
    const program = [callback({ integrationProviderId, name: "external" })];

    const failure = await sim.up(program, { replace: ["cb"] }).catch((e) => e);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.message).toContain(`${existing.id} already holds integrationProviderId "${integrationProviderId}"`);
    expect(failure.message).toMatch(
      new RegExp(`If up --replace: set deleteBeforeReplace\\. If.*set adoptId: "${existing.id}" on it\\.`),
    );
    expect(sim.state.get("cb")!.id).toBe(existing.id);

    await sim.up(deletingFirst(program, ["cb"]), { replace: ["cb"] });
    expect(sim.state.get("cb")!.id).not.toBe(existing.id);
    expect(await stillLive(world, { ...sim.state.get("cb")!, id: existing.id })).toBe(false);
    await converged(sim, program);
  });

  it("3: a natural key declared twice is refused at check, naming both resources, with nothing written", async () => {
    const role = (name: string, permissions: string[]): Declaration => ({
      name,
      kind: "Role",
      args: { name: "Triage", slug: "triage", permissions },
    });
    const pc = config({ providerId: github().id, value: githubValue(30) });
    const cb = callback({
      integrationProviderId: integrationProviders().find((p) => p.providerId === github().id)!.id,
    });
    const sim = new SimEngine(() => world.newContext());
    const applied = [role("roleA", ["thread_read"]), pc, cb, instance("instA")];
    await sim.up(applied);
    const state = [...sim.state.values()].map((entry) => entry.id);
    await world.resetRequestCounts();

    // The program's classes send each declaration the other's name in a hidden input (SAME_KEY_AS_INPUT):
    // the first of the two in program order is refused at its check, naming the second.
    const twiceRole = await sim
      .up([role("roleA", ["thread_read"]), role("roleB", ["thread_create"]), pc, cb, instance("instA")])
      .catch((e) => e);
    expect(twiceRole).toBeInstanceOf(StepError);
    expect([twiceRole.op, twiceRole.resource]).toEqual(["check", "roleA"]);
    expect(twiceRole.failures).toEqual([
      { property: "slug", reason: expect.stringMatching(/^tcs\.Role "roleB" declares it too: one Role per slug/) },
    ]);

    const twiceInstance = await sim.up([...applied, instance("instB")]).catch((e) => e);
    expect([twiceInstance.op, twiceInstance.resource]).toEqual(["check", "instA"]);
    expect(twiceInstance.failures).toEqual([
      {
        property: "callbackId",
        reason: expect.stringMatching(/^tcs\.CallbackInstance "instB" has the same callbackId and providerConfigId\./),
      },
    ]);

    expect(await world.writesCounted()).toEqual({});
    expect([...sim.state.values()].map((entry) => entry.id)).toEqual(state);
    await converged(sim, applied);
  });

  it("3: a new instance declared first on the natural key of an existing one declared later is refused before anything is written (both declarations name each other, so the first is refused at its own check)", async () => {
    const pc = config({ providerId: github().id, value: githubValue(30) });
    const cb = callback({
      integrationProviderId: integrationProviders().find((p) => p.providerId === github().id)!.id,
    });
    const sim = new SimEngine(() => world.newContext());
    await sim.up([pc, cb, instance("instB")]);
    const existing = sim.state.get("instB")!;
    await world.resetRequestCounts();

    // `pulumi up --skip-preview` (as the Automation API runs it): instA's check comes before instB's, and refuses it.
    const failure = await sim.up([pc, cb, instance("instA"), instance("instB")]).catch((e) => e);
    expect([failure.op, failure.resource]).toEqual(["check", "instA"]);
    expect(failure.message).toMatch(/tcs\.CallbackInstance "instB" has the same callbackId/);
    expect(await stillLive(world, existing)).toBe(true);
    expect(await world.writesCounted()).toEqual({});
  });

  it("4: a config changed after a run whose create committed and failed: the next run removes what the failed one made, naming it", async () => {
    const sim = new SimEngine(() => world.newContext());
    const failed = await upLosingTheCreate(
      world,
      sim,
      [config({ providerId: github().id, value: githubValue(30) })],
      "/provider-configs",
    );
    expect(failed).toBeInstanceOf(StepError);
    expect((failed as StepError).message).toMatch(/looking for it failed too/);
    const [made] = await activeConfigs();

    // The program changes a replace-only input (value) before the next run.
    const program = [config({ providerId: github().id, value: githubValue(60) })];
    await sim.up(program);
    expect(sim.state.get("config")!.id).not.toBe(made);
    expect(await activeConfigs()).toEqual([sim.state.get("config")!.id]);
    expect(warnings.join("")).toContain(
      `${made}: deleted: an earlier run of this resource on this machine made it and did not record it`,
    );
    await converged(sim, program);
  });

  it("4: a callback moved to another integration provider after a run whose create committed and failed: what the failed run made is removed, naming it", async () => {
    const [first, second] = integrationProviders();
    const sim = new SimEngine(() => world.newContext());
    const failed = await upLosingTheCreate(world, sim, [callback({ integrationProviderId: first.id })], "/callbacks");
    expect((failed as StepError).message).toMatch(/looking for it failed too/);
    const [made] = await activeCallbacks();

    const program = [callback({ integrationProviderId: second.id })];
    await sim.up(program);
    expect(await activeCallbacks()).toEqual([sim.state.get("cb")!.id]);
    expect(warnings.join("")).toContain(
      `${made}: deleted: an earlier run of this resource on this machine made it and did not record it`,
    );
    await converged(sim, program);
  });

  it("4: a config moved to another provider after a run whose create committed and failed: what the failed run made is removed, naming it", async () => {
    const sim = new SimEngine(() => world.newContext());
    const failed = await upLosingTheCreate(
      world,
      sim,
      [config({ providerId: github().id, value: githubValue(30) })],
      "/provider-configs",
    );
    expect((failed as StepError).message).toMatch(/looking for it failed too/);
    const [made] = await activeConfigs();

    const slack = world.catalog.providers.slack;
    const program = [config({ providerId: slack.id, providerConfigVaultId: slack.vaults[0].id })];
    await sim.up(program);
    expect(await activeConfigs()).toEqual([sim.state.get("config")!.id]);
    expect(warnings.join("")).toContain(
      `${made}: deleted: an earlier run of this resource on this machine made it and did not record it`,
    );
    await converged(sim, program);
  });

  it("5: an update keeps the create marker; a replacement after it (a replace-only change, then --replace with deleteBeforeReplace) is a new marked object, the old one gone", async () => {
    const [first, second] = integrationProviders();
    const sim = new SimEngine(() => world.newContext());
    await sim.up([callback({ integrationProviderId: first.id, name: "events" })]);
    const original = sim.state.get("cb")!;
    const marker = await markerOn(original.id);
    expect(marker).toEqual(expect.any(String));

    await sim.up([
      callback({ integrationProviderId: first.id, name: "events (renamed)", metadata: { team: "platform" } }),
    ]);
    expect(sim.state.get("cb")!.id).toBe(original.id);
    expect(await markerOn(original.id)).toBe(marker);

    const moved = [
      callback({ integrationProviderId: second.id, name: "events (renamed)", metadata: { team: "platform" } }),
    ];
    await sim.up(moved);
    const replacement = sim.state.get("cb")!;
    expect(replacement.id).not.toBe(original.id);
    const replacementMarker = await markerOn(replacement.id);
    expect(replacementMarker).toEqual(expect.any(String));
    expect(await activeCallbacks()).toEqual([replacement.id]);
    await converged(sim, moved);

    const updated = [callback({ integrationProviderId: second.id, name: "events", metadata: { team: "platform" } })];
    await sim.up(updated);
    expect(await markerOn(replacement.id)).toBe(replacementMarker);
    await sim.up(deletingFirst(updated, ["cb"]), { replace: ["cb"] });
    expect(sim.state.get("cb")!.id).not.toBe(replacement.id);
    expect(await activeCallbacks()).toEqual([sim.state.get("cb")!.id]);
    await converged(sim, updated);
  });
});

describe("only the stack that holds an object deletes it (issue 51): the model's new commands, replayed", () => {
  const github = () => world.catalog.providers.github;
  const githubValue = (timeout: number) => ({ base_url: "https://api.github.com", timeout_seconds: timeout });
  const onGithub = () => world.catalog.integrationProviders.find((p) => p.providerId === github().id)!.id;
  const program = (): Declaration[] => [
    { name: "role", kind: "Role", args: { name: "Triage", slug: "triage", permissions: ["thread_read"] } },
    config({ providerId: github().id, value: githubValue(30) }),
    { name: "cb", kind: "Callback", args: { integrationProviderId: onGithub(), name: "events" } },
    {
      name: "instance",
      kind: "CallbackInstance",
      args: { callbackId: { $ref: "cb" }, providerConfigId: { $ref: "config" } },
    },
    {
      name: "session",
      kind: "IntegrationSetupSession",
      args: { integrationId: world.catalog.integrations[0], name: "Setup" },
    },
  ];
  /** Each object a stack holds, as the service holds it (its update time among it). */
  const records = async (sim: SimEngine) =>
    Promise.all(
      [...sim.state.values()].map(async (entry) =>
        JSON.stringify(
          entry.kind === "CallbackInstance"
            ? await world.operator.callbacks.instances.retrieve(String(entry.outputs.callbackId), entry.id)
            : entry.kind === "Role"
              ? await world.operator.roles.retrieve(entry.id)
              : entry.kind === "Callback"
                ? await world.operator.callbacks.retrieve(entry.id)
                : entry.kind === "ProviderConfig"
                  ? await world.operator.providerConfigs.retrieve(entry.id)
                  : await world.operator.integrationSetupSessions.retrieve(entry.id),
        ),
      ),
    );
  /** An adoptId on one declaration of a program. */
  const claiming = (declared: Declaration[], name: string, id: string, drop: string[] = []): Declaration[] =>
    declared.map((decl) =>
      decl.name === name
        ? {
            ...decl,
            args: {
              ...Object.fromEntries(Object.entries(decl.args).filter(([key]) => !drop.includes(key))),
              adoptId: id,
            },
          }
        : decl,
    );

  let warnings: string[];
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    warnings = [];
    stderr = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      warnings.push(String(chunk));
      return true;
    });
  });
  afterEach(() => stderr.mockRestore());

  it("failure 1: a twin stack (same project and stack name, its own state) is refused for each object of the first it meets, makes only a session of its own, and changes none of the first's", async () => {
    const first = new SimEngine(() => world.newContext());
    await first.up(program());
    const before = await records(first);
    const ids = Object.fromEntries([...first.state.values()].map((entry) => [entry.name, entry.id]));

    const twin = new SimEngine(() => world.newContext());
    const failure = await twin.up(program(), { continueOnError: true }).catch((e) => e);
    expect(failure).toBeInstanceOf(RunErrors);
    const said = Object.fromEntries((failure as RunErrors).errors.map((error) => [error.resource, error.message]));
    expect(said.role).toContain(`${ids.role} is as declared, but nothing proves it this stack's`);
    expect(said.config).toContain(`${ids.config} has this resource's marker but is not in state`);
    expect(said.cb).toContain(`${ids.cb} has this resource's marker but is not in state`);
    // The instance refers to the refused callback: never run. A session blocks nothing: the twin makes its own.
    expect((failure as RunErrors).skipped).toEqual(["instance"]);
    expect([...twin.state.keys()]).toEqual(["session"]);
    expect(warnings.join("")).toContain(
      `${ids.session}: left as it is: it has this resource's create marker but is not in this stack's state`,
    );
    expect(await records(first)).toEqual(before);
    await refreshPlansNothing(first, program());

    await twin.destroy();
    expect(await records(first)).toEqual(before);
    await converged(first, program(), twin.released);
  });

  it("failure 2: after pulumi state delete of a callback (and its instance), the next up is refused for each, leaving them; adoptId claims the very same objects", async () => {
    const sim = new SimEngine(() => world.newContext());
    await sim.up(program());
    const [cb, inst] = [sim.state.get("cb")!, sim.state.get("instance")!];
    expect(sim.stateDelete("cb").map((entry) => entry.name)).toEqual(["cb", "instance"]);
    await world.resetRequestCounts();

    const refused = await sim.up(program()).catch((e) => e);
    expect([refused.op, refused.resource]).toEqual(["create", "cb"]);
    expect(refused.message).toContain(`${cb.id} has this resource's marker but is not in state (state delete`);
    expect(refused.message).toContain(`set adoptId: "${cb.id}" on it`);
    expect(await writes()).toEqual({});
    const claimed = claiming(program(), "cb", cb.id);
    const instanceRefused = await sim.up(claimed).catch((e) => e);
    expect([instanceRefused.op, instanceRefused.resource]).toEqual(["create", "instance"]);
    expect(instanceRefused.message).toContain(`${inst.id} is as declared, but nothing proves it this stack's`);
    expect(await stillLive(world, inst)).toBe(true);

    const both = claiming(claimed, "instance", inst.id);
    await sim.up(both);
    expect([sim.state.get("cb")!.id, sim.state.get("instance")!.id]).toEqual([cb.id, inst.id]);
    await converged(sim, both);
  });

  it("failure 3: adopting an object another stack's create made is warned about at check, naming it and the state delete to run there first", async () => {
    const other = new SimEngine(() => world.newContext(), "model", "other");
    await other.up([{ name: "cb", kind: "Callback", args: { integrationProviderId: onGithub(), name: "events" } }]);
    const theirs = other.state.get("cb")!.id;
    other.stateDelete("cb");

    const sim = new SimEngine(() => world.newContext());
    const adopting: Declaration[] = [
      { name: "mine", kind: "Callback", args: { adoptId: theirs, integrationProviderId: onGithub(), name: "events" } },
    ];
    await sim.preview(adopting);
    expect(warnings.join("")).toContain(
      `${theirs} has another resource's create marker: another stack (or this one, under another name) made it. If that stack still holds it, its destroy deletes it. Run pulumi state delete on it there first.`,
    );
    await sim.up(adopting);
    expect(sim.state.get("mine")!.id).toBe(theirs);
    await converged(sim, adopting, new Set());
  });

  it("a fresh runner meets a config an unfinished create made: refused naming it; adoptId without value (preview says so) claims it", async () => {
    const sim = new SimEngine(() => world.newContext());
    const declared = [config({ providerId: github().id, value: githubValue(30) })];
    const failed = await upLosingTheCreate(world, sim, declared, "/provider-configs");
    expect((failed as StepError).message).toMatch(/looking for it failed too/);
    const made = (await world.operator.providerConfigs.list({ status: "active", limit: 100 })).items.find(
      (c) => !world.catalog.seededConfigs.has(c.id),
    )!.id;
    world.clearCreateIntents();

    await expect(sim.up(declared)).rejects.toThrow(`${made} has this resource's marker but is not in state`);
    const withValue = await sim.up(claiming(declared, "config", made)).catch((e) => e);
    expect(withValue.failures).toEqual([
      { property: "", reason: expect.stringMatching(/Leave value out to adopt the config as it is/) },
    ]);
    const claimed = claiming(declared, "config", made, ["value"]);
    await sim.up(claimed);
    expect(sim.state.get("config")!.id).toBe(made);
    await converged(sim, claimed);
  });

  it("a fresh runner meets a config a failed create made for values no longer declared: left as it is, named in a warning (it was deleted before issue 51)", async () => {
    const sim = new SimEngine(() => world.newContext());
    const failed = await upLosingTheCreate(
      world,
      sim,
      [config({ providerId: github().id, value: githubValue(30) })],
      "/provider-configs",
    );
    expect((failed as StepError).message).toMatch(/looking for it failed too/);
    const made = (await world.operator.providerConfigs.list({ status: "active", limit: 100 })).items.find(
      (c) => !world.catalog.seededConfigs.has(c.id),
    )!.id;
    world.clearCreateIntents();

    const declared = [config({ providerId: github().id, value: githubValue(60) })];
    await sim.up(declared);
    expect(sim.state.get("config")!.id).not.toBe(made);
    expect(await stillLive(world, { ...sim.state.get("config")!, id: made })).toBe(true);
    expect(warnings.join("")).toContain(
      `${made}: left as it is: it has this resource's create marker for other values, and nothing proves it this stack's`,
    );
    await converged(sim, declared, new Set([made]));
  });
});

// The model's own mistakes: a command that read a refusal the provider owed the user as the provider's
// failure. Each drives the harness's command on a Real, as the property run does.
describe("the model's commands", () => {
  const github = () => world.catalog.providers.github;
  const githubValue = (timeout: number) => ({ base_url: "https://api.github.com", timeout_seconds: timeout });

  let stderr: jest.SpyInstance;
  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  });
  afterEach(() => stderr.mockRestore());

  /**
   * pcB adopted; pcA's create committed and lost its answer, then (on a fresh runner) pcA was changed
   * and applied, leaving the failed create's config live; then pcA declared again with the values that
   * config was made for, not yet applied. pcA's create is rightly refused for it ("has this resource's
   * marker but is not in state", docs/adoption.md#not-in-state). Returns that config's id.
   */
  async function adoptedBesideALooseConfig(real: Real): Promise<string> {
    const external = await world.operator.providerConfigs.create({
      providerId: github().id,
      value: githubValue(5),
      name: "external",
    });
    real.accountedFor.add(external.id);
    real.program.pcB = { adoptId: external.id, providerId: github().id, name: "renamed on adoption" };
    real.program.pcA = { providerId: github().id, value: githubValue(30) };
    await upAndCheck(real, false);

    real.program.pcA = { providerId: github().id, value: githubValue(90) };
    const failed = await upLosingTheCreate(world, real.sim, declarations(real.program), "/provider-configs");
    expect((failed as StepError).message).toMatch(/looking for it failed too/);
    const held = new Set([...real.sim.state.values()].map((entry) => entry.id));
    const made = (await world.operator.providerConfigs.list({ status: "active", limit: 100 })).items
      .map((c) => c.id)
      .filter((id) => !world.catalog.seededConfigs.has(id) && !held.has(id) && id !== external.id);
    expect(made).toHaveLength(1);
    world.clearCreateIntents();

    real.program.pcA = { providerId: github().id, value: githubValue(60) };
    real.accountedFor.add(made[0]);
    await upAndCheck(real, false);
    expect(real.sim.state.get("pcA")!.id).not.toBe(made[0]);

    real.program.pcA = { providerId: github().id, value: githubValue(90) };
    return made[0];
  }

  it("an adopted config's replace-only change, or its move, with adoptId kept, while another slot's create is still to meet a loose config: the command converges first, claiming it, then sees its own refusal (found by the 1,000-sequence run, seed 1748504162)", async () => {
    const real = newReal(world);
    const loose = await adoptedBesideALooseConfig(real);
    // Before: the command's up ran pcA's create first (program order) and threw its refusal of the loose config as the provider's failure.
    await new ChangeAdoptedReplaceOnly("pcB").run({}, real);
    expect(real.sim.state.get("pcA")!.id).toBe(loose);
    expect(real.program.pcA!.adoptId).toBeUndefined();
  });

  it("the same before a move of the adopted config with adoptId kept", async () => {
    const real = newReal(world);
    const loose = await adoptedBesideALooseConfig(real);
    await new MoveAdopted("pcB").run({}, real);
    expect(real.sim.state.get("pcA")!.id).toBe(loose);
  });
});
