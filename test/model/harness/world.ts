// The world a model run acts on: one emulator in this process (reset between sequences) with two
// environments, each reached through a connection of the program (the default one: development;
// "prod": production, unless a sequence gives a connection another environment's key); the clients
// the provider uses, one per key (each environment has two: a rotation), as the plugin would build
// them but failing fast instead of waiting out retries; an operator's client per environment for
// out-of-band changes and for checking what the service holds; and the machine's create intents,
// which a fresh runner does not have.
import * as fs from "node:fs";
import { PROVIDERS } from "../../../emulator/fixtures/catalog";
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import type { ApiContext } from "../../../provider/engine/binding";
import { newApiContext } from "../../../provider/engine/tcs-plugin";
import { ToolConnectivityClient } from "../../../sdk";

/** The connections a model program names: the default one (left out) and one named connection. */
export const CONNECTIONS = [undefined, "prod"] as const;
export type Connection = (typeof CONNECTIONS)[number];
export type EnvironmentName = "development" | "production";
export const ENVIRONMENTS: readonly EnvironmentName[] = ["development", "production"];

/** A connection as a key of a record: the default one under "default". */
export type ConnectionKey = "default" | "prod";
export const keyOfConnection = (connection: Connection): ConnectionKey => connection ?? "default";

/** Which of an environment's two secret keys a connection uses: the second is the first rotated (the emulator's `secondSecret`). */
export type KeyChoice = "secret" | "secondSecret";

/** The connection a declaration's args or a resource's inputs or outputs name (absent: the default one). */
export function connectionOf(props: Record<string, unknown> | undefined): Connection {
  const connection = props?.connection;
  if (connection === undefined) return undefined;
  if (connection === "prod") return connection;
  throw new Error(`model bug: connection ${JSON.stringify(connection)} is none of the world's`);
}

/** Fixture ids the model draws from (the emulator's catalog, the same in every environment). */
export interface Catalog {
  /** Integration providers whose type has triggers enabled: one active callback each. */
  integrationProviders: { id: string; providerId: string }[];
  providers: Record<
    string,
    {
      id: string;
      deployments: string[];
      vaults: { id: string; deploymentId: string }[];
      /** What each vault supplies: the fixtures' catalog, which the API never shows. */
      vaultValues: { id: string; values: Record<string, unknown> }[];
      authConfigs: string[];
    }
  >;
  integrations: string[];
  permissions: string[];
  /** Objects the fixtures hold before any run: never orphans. */
  seededConfigs: Set<string>;
}

/**
 * The provider clients' timeout in a run where one create is slower than it (SlowCreateUp): short, so
 * such a run costs little. The clean runs keep the SDK's own timeout, far above any answer of the
 * emulator in this process, so a loaded machine does not fail them.
 */
export const IMPATIENT_TIMEOUT_MS = 100;

/** How long the service holds that slow create before it commits it: a few client timeouts. */
export const SLOW_CREATE_MS = 3 * IMPATIENT_TIMEOUT_MS;

/**
 * A slow create the service commits within the time it promises (docs/contract-decisions.md: the
 * client's timeout once more after it gave up), so a rerun straight away must wait for it.
 */
export const SETTLING_CREATE_MS = 1.5 * IMPATIENT_TIMEOUT_MS;

/** How long the service holds a create whose answer is lost: time to make the lookup after it fail too. */
export const LOST_ANSWER_HOLD_MS = 100;

export interface FaultPlan {
  seed: number;
  /** Share of requests answered 503. */
  unavailable: number;
  /** Share of POSTs applied and then answered with a dropped connection. */
  dropAfterCommit: number;
  /** 429s at the start of the run. */
  rateLimitedBurst: number;
}

export class World {
  /** How far this process's clock is moved ahead (Date.now), for the provider and the emulator alike. */
  private shiftMs = 0;
  private readonly realNow = Date.now;
  /** Whether the plugin processes started now get clients that give up after IMPATIENT_TIMEOUT_MS. */
  impatient = false;
  /** The impatient clients' timeout (IMPATIENT_TIMEOUT_MS unless a run asks for another). */
  private impatientMs = IMPATIENT_TIMEOUT_MS;
  /**
   * The environment each connection reaches: as environmentOf says, unless a sequence moved a
   * connection's key to another environment's (the native door's explicit provider, model-engine.test.ts).
   */
  reach: Record<ConnectionKey, EnvironmentName> = { default: "development", prod: "production" };
  /** The provider's clients by key and patience, made on first use. */
  private readonly clients = new Map<string, ToolConnectivityClient>();

  private constructor(
    readonly emulator: RunningEmulator,
    /** Makes a client of the provider for a key (giving up after `timeoutMs`, when given). */
    private readonly client: (apiKey: string, timeoutMs?: number) => ToolConnectivityClient,
    /** What an operator (and the invariants) talk through, per environment. */
    private readonly operators: Record<EnvironmentName, ToolConnectivityClient>,
    readonly catalog: Catalog,
  ) {}

  /** The operator of the default connection's environment (development). */
  get operator(): ToolConnectivityClient {
    return this.operators.development;
  }

  /** The environment a connection reaches now. */
  environmentOf(connection: Connection): EnvironmentName {
    return this.reach[keyOfConnection(connection)];
  }

  /** The operator of a connection's environment. */
  operatorOf(connection: Connection): ToolConnectivityClient {
    return this.operators[this.environmentOf(connection)];
  }

  /** The operator of an environment. */
  operatorIn(environment: EnvironmentName): ToolConnectivityClient {
    return this.operators[environment];
  }

  /** The secret key a connection uses: its environment's first, or its second (a rotation). */
  apiKeyOf(connection: Connection, choice: KeyChoice = "secret"): string {
    return this.emulator.keys[this.environmentOf(connection)][choice];
  }

  static async start(): Promise<World> {
    const emulator = await startEmulator({
      rateLimits: {
        perIp: { limit: 100_000_000, windowMs: 1_000 },
        development: { limit: 100_000_000, windowMs: 1_000 },
        production: { limit: 100_000_000, windowMs: 1_000 },
      },
      timing: { instanceRegistrationMs: 1, eventProcessingMs: 1, deploymentStepMs: 1 },
    });
    // No retries and no client window: an injected fault fails the step at once, as a run that ran out
    // of retries would, and the next run must recover from it.
    const client = (apiKey: string, timeoutMs?: number) =>
      new ToolConnectivityClient({
        apiKey,
        baseUrl: emulator.url,
        rateLimit: false,
        maxRetries: 0,
        maxConcurrency: 16,
        timeoutMs,
      });
    const world = new World(
      emulator,
      client,
      { development: client(emulator.keys.development.secret), production: client(emulator.keys.production.secret) },
      catalogOf(emulator),
    );
    // One clock for both sides, as in life: moving the emulator's clock alone would let the provider
    // accept an expiry the service already sees as past.
    Date.now = () => world.realNow.call(Date) + world.shiftMs;
    return world;
  }

  /** Time passes for the provider and the service together; then the service runs what became due. */
  async advanceTime(ms: number): Promise<void> {
    this.shiftMs += ms;
    await this.control("POST", "/clock", { advance_ms: 0 });
  }

  get timeShiftMs(): number {
    return this.shiftMs;
  }

  /**
   * What one plugin process holds for a connection, as the plugin object builds it: the connection's client, a
   * fresh read batcher and record of take-overs per run, and the marker secret of the connection's key
   * (the environment's first secret key, or its second after a rotation). A name the stack config does
   * not hold fails, as the plugin fails it.
   */
  newContext(connection?: string, key: KeyChoice = "secret"): ApiContext {
    const apiKey = this.apiKeyOf(connectionOf({ connection }), key);
    // Chosen now: the context makes its client on first use, which may come after the run.
    const timeoutMs = this.impatient ? this.impatientMs : undefined;
    const id = `${apiKey}|${timeoutMs ?? ""}`;
    let client = this.clients.get(id);
    if (!client) this.clients.set(id, (client = this.client(apiKey, timeoutMs)));
    return newApiContext(() => client, apiKey, this.emulator.url);
  }

  async control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.emulator.url}/_emulator${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json()) as T;
    if (!response.ok)
      throw Object.assign(new Error(`control ${method} ${path}: ${response.status} ${JSON.stringify(parsed)}`), {
        status: response.status,
      });
    return parsed;
  }

  /**
   * A fresh service, and a machine that holds no create intents (provider/engine/create-intents.ts):
   * an intent a sequence left (a create that failed and was never resumed) would otherwise reach into
   * the next one, and a failure would not replay alone. Only the test's own directory is cleared
   * (test/setup-env.ts sets it), never the default one in the user's home.
   */
  reset(): Promise<unknown> {
    this.shiftMs = 0;
    this.reach = { default: "development", prod: "production" };
    this.clearCreateIntents();
    return this.control("POST", "/reset");
  }

  /**
   * The machine's create intents gone, as on a fresh CI runner: what an unfinished create recorded
   * here is no longer there to prove an object its own.
   */
  clearCreateIntents(): void {
    const intents = process.env.TCS_CREATE_INTENTS_DIR;
    if (intents) {
      fs.rmSync(intents, { recursive: true, force: true });
      fs.mkdirSync(intents, { recursive: true });
    }
  }

  /** The settings a config holds (vault values with `value` applied), which the API never returns. */
  async configSettings(id: string): Promise<Record<string, unknown>> {
    return (await this.control<{ value: Record<string, unknown> }>("GET", `/provider-configs/${id}/settings`)).value;
  }

  injectFaults(plan: FaultPlan): Promise<unknown> {
    const rules: Record<string, unknown>[] = [];
    if (plan.rateLimitedBurst > 0)
      rules.push({ path: "/**", status: 429, count: plan.rateLimitedBurst, retry_after: 0 });
    if (plan.dropAfterCommit > 0)
      rules.push({ method: "POST", path: "/**", drop_after_commit: true, probability: plan.dropAfterCommit });
    if (plan.unavailable > 0)
      rules.push({ path: "/**", status: 503, code: "service_unavailable", probability: plan.unavailable });
    return this.control("POST", "/faults", { seed: plan.seed, rules });
  }

  /** The next POST (a create) is held `holdMs` before the service handles it, whoever waits for it. */
  slowNextCreate(holdMs = SLOW_CREATE_MS): Promise<unknown> {
    return this.control("POST", "/faults", { rules: [{ method: "POST", path: "/**", latency_ms: holdMs, count: 1 }] });
  }

  /**
   * Runs `up` with the next create held past the client's timeout (slowNextCreate, impatient clients),
   * then clears the faults. Returns what `up` threw, if anything, and whether the create was held.
   */
  async upWithSlowCreate(
    up: () => Promise<unknown>,
    holdMs = SLOW_CREATE_MS,
    timeoutMs = IMPATIENT_TIMEOUT_MS,
  ): Promise<{ failure?: unknown; slowed: boolean }> {
    await this.slowNextCreate(holdMs);
    this.impatient = true;
    this.impatientMs = timeoutMs;
    let failure: unknown;
    try {
      await up();
    } catch (error) {
      failure = error;
    } finally {
      this.impatient = false;
    }
    const slowed = (await this.faultsFired()) > 0;
    await this.clearFaults();
    return { failure, slowed };
  }

  /**
   * The next POST to `path` (a create) is applied and its answer lost (the connection dropped), after
   * `holdMs`: time enough to make the lookup that follows fail too (failLookups) once it has arrived.
   */
  loseNextCreateAnswer(path: string, holdMs: number): Promise<unknown> {
    return this.control("POST", "/faults", {
      rules: [{ method: "POST", path, latency_ms: holdMs, drop_after_commit: true, count: 1 }],
    });
  }

  /**
   * Runs `up` with its first create posted to `path` committed and its answer lost, and the lookup for
   * what it made failing too: the run fails with the object made and not recorded. Returns the run's error.
   */
  async upLosingTheCreate(up: () => Promise<unknown>, path: string, holdMs = LOST_ANSWER_HOLD_MS): Promise<unknown> {
    await this.loseNextCreateAnswer(path, holdMs);
    return this.upFailingLookups(up, path);
  }

  /**
   * Runs `up` with its first create posted to `path` answered 503, which may have been applied for all
   * the client knows, and the lookup for what it made failing too: the run fails with the create
   * unfinished and nothing made. Returns the run's error.
   */
  async upFailingTheCreate(up: () => Promise<unknown>, path: string, holdMs = LOST_ANSWER_HOLD_MS): Promise<unknown> {
    await this.control("POST", "/faults", {
      rules: [{ method: "POST", path, status: 503, code: "service_unavailable", latency_ms: holdMs, count: 1 }],
    });
    return this.upFailingLookups(up, path);
  }

  /** Runs `up`, failing the lists of `path` once the create fault in place has fired; returns the run's error. */
  private async upFailingLookups(up: () => Promise<unknown>, path: string): Promise<unknown> {
    let settled = false;
    const run = up().then(
      () => undefined,
      (error: unknown) => error,
    );
    void run.then(() => (settled = true));
    // The run's first list of the path (its scan for orphans) must go through: the lookups fail only
    // once the create has arrived.
    while (!settled && (await this.faultsFired()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    if (!settled) await this.failLookups(path);
    const failed = await run;
    await this.clearFaults();
    return failed;
  }

  /** Lists of `path` answer 503 (replacing the other rules, which have fired). */
  failLookups(path: string): Promise<unknown> {
    return this.control("POST", "/faults", {
      rules: [{ method: "GET", path, status: 503, code: "service_unavailable", count: 10 }],
    });
  }

  /** How many times the fault rules in place have fired. */
  async faultsFired(): Promise<number> {
    const { rules } = await this.control<{ rules: { fired: number }[] }>("GET", "/faults");
    return rules.reduce((sum, rule) => sum + rule.fired, 0);
  }

  /** Starts counting requests afresh (writesCounted). */
  resetRequestCounts(): Promise<unknown> {
    return this.control("DELETE", "/requests");
  }

  /** The requests that write (any method but GET) since the counts were reset, by route. */
  async writesCounted(): Promise<Record<string, number>> {
    const counts = await this.control<{ by_route: Record<string, number> }>("GET", "/requests");
    return Object.fromEntries(Object.entries(counts.by_route).filter(([route]) => !route.startsWith("GET ")));
  }

  clearFaults(): Promise<unknown> {
    return this.control("DELETE", "/faults");
  }

  close(): Promise<void> {
    Date.now = this.realNow;
    return this.emulator.close();
  }
}

function catalogOf(emulator: RunningEmulator): Catalog {
  const f = emulator.fixtures;
  const providers: Catalog["providers"] = {};
  for (const provider of f.providers) {
    providers[provider.name.toLowerCase().split(" ")[0]] = {
      id: provider.id,
      deployments: provider.deployments.map((d) => d.id),
      vaults: provider.config_vaults.map((v) => ({ id: v.id, deploymentId: v.deployment_id })),
      vaultValues: (PROVIDERS.find((p) => p.id === provider.id)?.config_vaults ?? []).map((v) => ({
        id: v.id,
        values: v.values,
      })),
      authConfigs: provider.auth_configs.map((a) => a.id),
    };
  }
  return {
    integrationProviders: f.integration_providers
      .filter((p) => p.triggers_enabled)
      .map((p) => ({ id: p.id, providerId: p.provider_id })),
    providers,
    integrations: f.integrations.map((i) => i.id),
    permissions: [...f.permissions],
    seededConfigs: new Set(f.provider_configs.map((c) => c.id)),
  };
}
