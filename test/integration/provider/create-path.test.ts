// The create path (provider/engine/create-path.ts) against the emulator with its faults: a
// resource never becomes two objects, and what a failed run made is never left behind unmanaged
// (issue 33: a create slower than the client's timeout, a failed run's object after the program
// changed, an update that kept the create marker). Each "run" is a fresh context, as each `pulumi up`
// is a fresh plugin process.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { BINDINGS } from "../../../provider/engine/bindings";
import type { ApiContext } from "../../../provider/engine/binding";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import { newApiContext } from "../../../provider/engine/tcs-plugin";
import { CREATE_KEY_INPUT, MARKER_KEY } from "../../../provider/shapes/reserved";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { startSdkHarness, type SdkHarness } from "../sdk/sdk-helpers";

const GITHUB_PROVIDER = "prov_github00000000000000";
const GITHUB_INTEGRATION_PROVIDER = "intp_github00000000000000";
// Above what a list takes on a loaded machine (the lookup after a lost answer must get through), well below the faults.
const CLIENT_TIMEOUT_MS = 1_000;
// A slow create's test waits several client timeouts.
jest.setTimeout(30_000);

describe("the create path", () => {
  let harness: SdkHarness;
  let warnings: string[];
  let stderr: jest.SpyInstance;

  beforeAll(async () => {
    harness = await startSdkHarness();
  });
  afterAll(() => harness.close());
  beforeEach(async () => {
    await harness.control("DELETE", "/_emulator/faults");
    warnings = [];
    stderr = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      warnings.push(String(chunk));
      return true;
    });
  });
  afterEach(() => stderr.mockRestore());

  /** One `pulumi up`'s plugin: a fresh context (batchers, take-overs) over a client that retries nothing. */
  function run(timeoutMs = CLIENT_TIMEOUT_MS): {
    engine: (kind: ResourceKind) => ResourceEngine<Record<string, unknown>, Record<string, unknown>, { id: string }>;
    ctx: ApiContext;
  } {
    const ctx = newApiContext(() => harness.client({ maxRetries: 0, timeoutMs }), harness.emu.keys.development.secret);
    // One engine per kind, as the plugin keeps them: what its checks saw, its creates know.
    const engines = new Map<
      ResourceKind,
      ResourceEngine<Record<string, unknown>, Record<string, unknown>, { id: string }>
    >();
    const engine = (kind: ResourceKind) => {
      let found = engines.get(kind);
      if (!found) {
        found = new ResourceEngine(
          BINDINGS[kind],
          () => ctx,
          () => undefined,
          { createBackoff: { initialMs: 1, maxMs: 1 } },
        );
        engines.set(kind, found);
      }
      return found;
    };
    return { engine, ctx };
  }

  const faults = (...rules: object[]) => harness.control("POST", "/_emulator/faults", { rules });

  async function activeConfigs(key: string): Promise<Array<{ id: string; metadata: Record<string, unknown> | null }>> {
    const page = await harness
      .client()
      .providerConfigs.list({ providerId: GITHUB_PROVIDER, status: "active", limit: 100 });
    return page.items.filter((config) => config.name === key) as never;
  }

  it("does not send a create again while the first, slower than the client's timeout, may still commit; the next run takes it over", async () => {
    const config = {
      providerId: GITHUB_PROVIDER,
      name: "slow-create",
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      [CREATE_KEY_INPUT]: "slow-create-key",
    };
    await faults({ method: "POST", path: "/provider-configs", latency_ms: CLIENT_TIMEOUT_MS * 4, count: 1 });

    await expect(run().engine("ProviderConfig").create(config)).rejects.toThrow(
      /timed out.*may still create it, so the create was not sent again/s,
    );
    // The first POST commits after the client gave up: one object, never two.
    await new Promise((resolve) => setTimeout(resolve, CLIENT_TIMEOUT_MS * 5));
    const committed = await activeConfigs("slow-create");
    expect(committed).toHaveLength(1);

    const next = await run().engine("ProviderConfig").create(config);
    expect(next.id).toBe(committed[0].id);
    expect(await activeConfigs("slow-create")).toHaveLength(1);
    expect(warnings.join("")).toContain(`${committed[0].id}: taken over`);
  });

  describe("a create the service commits after its client gave up (issue 58)", () => {
    const lateConfig = (name: string) => ({
      providerId: GITHUB_PROVIDER,
      name,
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      [CREATE_KEY_INPUT]: `${name}-key`,
    });

    it("a rerun before the commit waits for it and takes it over: one object, never two", async () => {
      const config = lateConfig("late-commit-rerun");
      // The connection drops at once; the service commits the create half a client timeout later.
      await faults({ method: "POST", path: "/provider-configs", late_commit_ms: CLIENT_TIMEOUT_MS / 2, count: 1 });
      await expect(run().engine("ProviderConfig").create(config)).rejects.toThrow(
        /may still create it.*waits until \d\d:\d\d:\d\d UTC/s,
      );
      expect(await activeConfigs("late-commit-rerun")).toHaveLength(0);

      // Straight away, while the service still holds the first create.
      const next = await run().engine("ProviderConfig").create(config);
      // Past every moment the first create may commit by: still the one object.
      await new Promise((resolve) => setTimeout(resolve, CLIENT_TIMEOUT_MS));
      const live = await activeConfigs("late-commit-rerun");
      expect(live.map((made) => made.id)).toEqual([next.id]);
      expect(warnings.join("")).toMatch(/waiting up to \d+ s .* for an earlier run's unanswered create/);
      expect(warnings.join("")).toContain(`${next.id}: taken over`);
    });

    it("refuses a rerun that would wait longer than a run waits, naming when to run again; after the commit it takes the object over", async () => {
      const config = lateConfig("late-commit-long");
      // A client that waits two minutes: the service may still commit two minutes after it gave up.
      await faults({ method: "POST", path: "/provider-configs", late_commit_ms: 1_500, count: 1 });
      await expect(run(120_000).engine("ProviderConfig").create(config)).rejects.toThrow(/may still create it/);
      await expect(run().engine("ProviderConfig").create(config)).rejects.toThrow(
        /an earlier run's create of it went unanswered, and the service may still commit it until \d\d:\d\d:\d\d UTC.*Run pulumi up again after then/,
      );
      expect(await activeConfigs("late-commit-long")).toHaveLength(0);

      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const next = await run().engine("ProviderConfig").create(config);
      expect((await activeConfigs("late-commit-long")).map((made) => made.id)).toEqual([next.id]);
    });
  });

  it("a refresh names, once, the object a late commit left beside the one a rerun on another machine made", async () => {
    const config = {
      providerId: GITHUB_PROVIDER,
      name: "late-commit-orphan",
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      [CREATE_KEY_INPUT]: "late-commit-orphan-key",
    };
    await faults({ method: "POST", path: "/provider-configs", late_commit_ms: CLIENT_TIMEOUT_MS / 2, count: 1 });
    await expect(run().engine("ProviderConfig").create(config)).rejects.toThrow(/may still create it/);
    // The rerun runs on a machine that has no record of the first create: nothing tells it to wait.
    const intents = process.env.TCS_CREATE_INTENTS_DIR;
    process.env.TCS_CREATE_INTENTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-other-runner-"));
    let held: { id: string; outs: Record<string, unknown> };
    try {
      held = await run().engine("ProviderConfig").create(config);
    } finally {
      process.env.TCS_CREATE_INTENTS_DIR = intents;
    }
    await new Promise((resolve) => setTimeout(resolve, CLIENT_TIMEOUT_MS));
    const live = (await activeConfigs("late-commit-orphan")).map((made) => made.id);
    expect(live).toHaveLength(2);
    const orphan = live.find((id) => id !== held.id)!;

    const refresh = run().engine("ProviderConfig");
    await refresh.read(held.id, held.outs);
    await refresh.read(held.id, held.outs);
    const named = warnings
      .join("")
      .match(new RegExp(`orphan: tcs:ProviderConfig ${orphan} carries the create marker of ${held.id}`, "g"));
    expect(named).toHaveLength(1);
    expect(warnings.join("")).toContain(`pulumi-tcs orphan ${orphan} --delete`);
  });

  it("removes, naming it, what a failed run made when the next run declares other values", async () => {
    const first = {
      providerId: GITHUB_PROVIDER,
      name: "changed-after-failure",
      value: { base_url: "https://one.example", timeout_seconds: 30 },
      [CREATE_KEY_INPUT]: "changed-key",
    };
    // The POST commits and its answer is lost; the lookup that follows fails too. (The run's first
    // list, its scan for orphans, goes through: the 503s are installed while the POST is delayed.)
    await faults({
      method: "POST",
      path: "/provider-configs",
      latency_ms: CLIENT_TIMEOUT_MS / 2,
      drop_after_commit: true,
      count: 1,
    });
    const failed = run().engine("ProviderConfig").create(first);
    await new Promise((resolve) => setTimeout(resolve, CLIENT_TIMEOUT_MS / 4));
    await faults({ method: "GET", path: "/provider-configs", status: 503, count: 5 });
    await expect(failed).rejects.toThrow(/looking for it failed too/);
    await harness.control("DELETE", "/_emulator/faults");
    const [made] = await activeConfigs("changed-after-failure");
    expect(made).toBeDefined();

    // The program changed `value` (a replace-only input) before the next run.
    const created = await run()
      .engine("ProviderConfig")
      .create({ ...first, value: { base_url: "https://two.example", timeout_seconds: 30 } });
    expect(created.id).not.toBe(made.id);
    expect((await activeConfigs("changed-after-failure")).map((config) => config.id)).toEqual([created.id]);
    expect(warnings.join("")).toMatch(
      new RegExp(`${made.id}: deleted: an earlier run of this resource on this machine made it and did not record it`),
    );
  });

  it("never lets a second resource of a run take over the object a first one made (two roles, one slug)", async () => {
    const { engine } = run();
    const role = { name: "Triage", slug: "one-owner", permissions: ["thread_read"] };
    const first = await engine("Role").create({ ...role, [CREATE_KEY_INPUT]: "first-role" });
    await expect(engine("Role").create({ ...role, [CREATE_KEY_INPUT]: "second-role" })).rejects.toThrow(
      new RegExp(`${first.id} already exists and belongs to another resource of this stack`),
    );
    // A later run (another stack, or this one after a destroy, which leaves roles: the API cannot delete
    // them) meets the identical role with no create of its own unfinished: nothing proves the role is its
    // own, so it is neither taken over nor changed, and the error says how to claim it.
    const before = await harness.client().roles.retrieve(first.id);
    await expect(
      run()
        .engine("Role")
        .create({ ...role, [CREATE_KEY_INPUT]: "other-stack-role" }),
    ).rejects.toThrow(
      new RegExp(`${first.id} is as declared, but nothing proves it this stack's.*set adoptId: "${first.id}"`),
    );
    expect(await harness.client().roles.retrieve(first.id)).toEqual(before);
  });

  it("refuses a targeted replace (up --replace) of a callback, config or instance in one line naming deleteBeforeReplace; with it, the old object goes first and the replacement is new; a session is made anew beside", async () => {
    // As the engine runs a targeted replace (v3.259 step_generator.go): a check with no recorded inputs,
    // no diff, a create, then the old object's delete; with deleteBeforeReplace, the delete first.
    const config = {
      providerId: GITHUB_PROVIDER,
      name: "rotated-config",
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      [CREATE_KEY_INPUT]: "rotated-config",
    };
    const callback = {
      integrationProviderId: GITHUB_INTEGRATION_PROVIDER,
      name: "rotated",
      [CREATE_KEY_INPUT]: "rotated-key",
    };
    for (const [kind, inputs] of [
      ["ProviderConfig", config],
      ["Callback", callback],
    ] as const) {
      const first = await run().engine(kind).create(inputs);
      const refused = await run()
        .engine(kind)
        .create(inputs)
        .then(
          () => "",
          (error: Error) => error.message,
        );
      expect(refused).toMatch(
        new RegExp(
          `^${first.id} has this resource's marker but is not in state .*up --replace: set deleteBeforeReplace`,
        ),
      );
      expect(refused.length).toBeLessThanOrEqual(300);
      const replacing = run();
      await replacing.engine(kind).delete(first.id, first.outs);
      const second = await replacing.engine(kind).create(inputs);
      expect(second.id).not.toBe(first.id);
      await replacing.engine(kind).delete(second.id, second.outs);
    }

    // A session, which the API cannot delete (every destroy leaves it pending with its marker), blocks
    // nothing: the replacement is a new one beside it, which the engine's delete then lets go of.
    const session = {
      integrationId: "int_devtools000000000000",
      name: "rotated",
      [CREATE_KEY_INPUT]: "rotated-session",
    };
    const pending = await run().engine("IntegrationSetupSession").create(session);
    const beside = await run().engine("IntegrationSetupSession").create(session);
    expect(beside.id).not.toBe(pending.id);
    expect(warnings.join("")).toContain(
      `${pending.id}: left as it is: it has this resource's create marker but is not in this stack's state`,
    );

    // An instance carries no marker: its replacement collides with the object it replaces, and is refused the same way.
    const made = await run()
      .engine("Callback")
      .create({ ...callback, [CREATE_KEY_INPUT]: "instance-parent" });
    const configMade = await run()
      .engine("ProviderConfig")
      .create({ ...config, [CREATE_KEY_INPUT]: "instance-config" });
    const instance = { callbackId: made.id, providerConfigId: configMade.id, [CREATE_KEY_INPUT]: "rotated-instance" };
    const attached = await run().engine("CallbackInstance").create(instance);
    await expect(run().engine("CallbackInstance").create(instance)).rejects.toThrow(
      /up --replace: set deleteBeforeReplace/,
    );
    expect((await harness.client().callbacks.instances.retrieve(made.id, attached.id)).status).toBe("attached");
    const replaced = run();
    await replaced.engine("CallbackInstance").delete(attached.id, attached.outs);
    const reattached = await replaced.engine("CallbackInstance").create(instance);
    expect(reattached.id).not.toBe(attached.id);
    expect(reattached.outs.webhookUrl).not.toBe(attached.outs.webhookUrl);
    await replaced.engine("CallbackInstance").delete(reattached.id, reattached.outs);
    await replaced.engine("Callback").delete(made.id, made.outs);
    await replaced.engine("ProviderConfig").delete(configMade.id, configMade.outs);
  });

  it("neither deletes nor takes over an object with this resource's marker that the stack does not hold (state delete, a same-named stack)", async () => {
    const config = {
      providerId: GITHUB_PROVIDER,
      name: "not-held",
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      [CREATE_KEY_INPUT]: "not-held",
    };
    const held = await run().engine("ProviderConfig").create(config);
    const refused = await run()
      .engine("ProviderConfig")
      .create(config)
      .then(
        () => "",
        (error: Error) => error.message,
      );
    expect(refused).toMatch(
      new RegExp(`^${held.id} has this resource's marker but is not in state .*If yours: set adoptId: "${held.id}"`),
    );
    expect(refused.length).toBeLessThanOrEqual(300);
    expect((await activeConfigs("not-held")).map((c) => c.id)).toEqual([held.id]);
    expect(warnings.join("")).not.toMatch(/deleted/);
    await run().engine("ProviderConfig").delete(held.id, held.outs);
  });

  it("keeps the create marker through an in-place update, so the object is found the same way afterwards", async () => {
    const { engine } = run();
    const callback = {
      integrationProviderId: GITHUB_INTEGRATION_PROVIDER,
      name: "marked",
      [CREATE_KEY_INPUT]: "marked-key",
    };
    const created = await engine("Callback").create(callback);
    const markerOf = async () =>
      ((await harness.client().callbacks.retrieve(created.id)).metadata as Record<string, unknown> | null)?.[
        MARKER_KEY
      ];
    const marker = await markerOf();
    expect(marker).toEqual(expect.any(String));

    await engine("Callback").update(created.id, created.outs, {
      ...callback,
      name: "renamed",
      metadata: { owner: "ops" },
    });
    expect(await markerOf()).toBe(marker);
    await engine("Callback").update(created.id, created.outs, { ...callback, name: "renamed again" });
    expect(await markerOf()).toBe(marker);
    // Outputs never show it.
    expect((await engine("Callback").read(created.id, created.outs)).props?.metadata).toBeNull();
    await engine("Callback").delete(created.id, created.outs);
  });
});
