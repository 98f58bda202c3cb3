// The plugin object: what one provider plugin process holds for a run, whichever door the engine
// comes through (the dynamic door's shim or the native door's server). It owns the stack's
// config, each connection's settings, client (with its rate limiter and connection pool), read
// batchers and key check, and one engine per resource kind: two environments never share a limiter,
// and one environment's 429s never slow the other.
// What a preview with no changes runs (check and diff) needs no request, so the SDK, its HTTP client
// and its record schemas are loaded by a connection's first request, not when the plugin starts.
import type { ToolConnectivityClient } from "../../sdk";
import { DiagnosticError, type Refusal } from "../diagnostic";
import {
  assertUsableSettings,
  settingsFor,
  SettingsOwner,
  type ConfigSource,
  type ConnectionSettings,
} from "../settings";
import { keyRefusal } from "../settings/environment";
import type { ResourceKind } from "../shapes/shape";
import { deferZodLocales } from "../shapes/zod";
import { BINDINGS } from "./bindings";
import { saveCompiledModules } from "./process/compile-cache";
import { watchEngine } from "./process/engine-watch";
import type { ApiContext } from "./binding";
import { markerSecret } from "./create-marker";
import { settingsFingerprint } from "./environment-record";
import { ReadBatcher, type PageLike, type ScanScope } from "./read-batcher";
import { ResourceEngine, type EngineOptions, type ProviderMethods } from "./resource-engine";
import { warn } from "./warn";

/** What the plugin holds for one connection (the default one under ""), made on its first use. */
interface Connection {
  settings: ConnectionSettings;
  /** Made on the connection's first request: a preview with no changes makes none. */
  context?: ApiContext;
  /** The key check, sent once per run and only when a step writes (see assertUsable). */
  keyCheck?: Promise<Refusal | undefined>;
}

/** A connection's context around a client made on first use: fresh batchers and take-overs, the marker key of its API key. */
export function newApiContext(client: () => ToolConnectivityClient, apiKey: string, baseUrl = ""): ApiContext {
  let made: ToolConnectivityClient | undefined;
  let environment: Promise<string> | undefined;
  const context: ApiContext = {
    get client() {
      return (made ??= client());
    },
    settingsFingerprint: settingsFingerprint(apiKey, baseUrl),
    // A failed question is asked again by the next resource rather than remembered for the run.
    environment: () =>
      (environment ??= oldestRole(context.client).catch((error: unknown) => {
        environment = undefined;
        throw error;
      })),
    learnEnvironment: (id) => void (environment ??= Promise.resolve(id)),
    reads: new ReadBatcher(),
    // Whole, however long: an object past a cut-short scan's last page would be left behind.
    orphans: new ReadBatcher({ ttlMs: Number.POSITIVE_INFINITY, maxPages: Number.POSITIVE_INFINITY }),
    markerSecret: markerSecret(apiKey),
    takenOver: new Set(),
    claimed: new Set(),
  };
  return context;
}

/** The environment a client reaches: the id of its oldest role (environment-record.ts). */
async function oldestRole(client: ToolConnectivityClient): Promise<string> {
  const [oldest] = (await client.roles.list({ limit: 1, order: "asc" })).items;
  if (!oldest) throw new Error("GET /roles listed no role, and every environment of the service has its default roles");
  return oldest.id;
}

export class TcsPlugin {
  private config: ConfigSource = () => undefined;
  /** Whose settings the top-level ones are: the default connection, or the native door's (default or explicit) provider. */
  private owner = SettingsOwner.defaultConnection;
  private readonly connections = new Map<string, Connection>();
  private readonly engines = new Map<ResourceKind, ProviderMethods>();

  constructor(private readonly engineOptions: EngineOptions = {}) {
    // The process ends with the engine that started it, even when the engine was killed (engine-watch.ts).
    watchEngine();
  }

  /**
   * The stack's config. The engine configures the plugin once per resource type, each time with the
   * same config: a connection whose settings stay the same keeps its client, batchers, key check and
   * take-overs (a create of one type may have taken over what a delete of another must spare). A
   * connection whose settings changed starts afresh, so no client or key check outlives its key.
   * `owner`: whose the top-level settings are, as messages name them: the native door's default
   * provider, or an explicit provider, whose inputs advice then names instead of config keys.
   */
  configure(config: ConfigSource, owner = SettingsOwner.defaultConnection): void {
    this.config = config;
    this.owner = owner;
    for (const [name, connection] of this.connections) {
      if (!sameSettings(settingsIn(config, name === "" ? undefined : name), connection.settings))
        this.connections.delete(name);
    }
  }

  /**
   * A first page of a scope that a request outside the engine listed with the top-level settings (the
   * native provider's environment question lists the roles), for the default connection's reads.
   */
  offerListed(scope: ScanScope, page: PageLike<{ id: string }>, listedAt: number): void {
    try {
      this.apiContext(undefined).reads.offer(scope, page, listedAt);
    } catch {
      // Settings that cannot be used: the first step that needs them says so.
    }
  }

  /** The engine of a resource kind; its calls reach the connections this plugin holds. */
  engineFor(kind: ResourceKind): ProviderMethods {
    let engine = this.engines.get(kind);
    if (!engine) {
      engine = new ResourceEngine(
        BINDINGS[kind],
        (connection) => this.apiContext(connection),
        (connection, step) => this.assertUsable(connection, step),
        this.engineOptions,
      );
      this.engines.set(kind, engine);
    }
    return engine;
  }

  /** The client of a connection for a read outside any resource (a native door's function); throws when it cannot be used. */
  async readingClient(name?: string): Promise<ToolConnectivityClient> {
    await this.assertUsable(name, { writes: false });
    return this.apiContext(name).client;
  }

  /** A connection's settings; throws a message naming the connection and the setting to fix when it cannot be used. */
  private connection(name: string | undefined): Connection {
    let found = this.connections.get(name ?? "");
    if (!found) {
      const settings = settingsFor(name, this.config);
      // An explicit provider's key and URL are its inputs, and the fix says so (its malformed values are
      // refused earlier, by CheckConfig).
      assertUsableSettings(settings, this.ownerOf(name));
      found = { settings };
      this.connections.set(name ?? "", found);
    }
    return found;
  }

  /** Whose settings connection `name` holds, as messages name them: the default connection of an explicit provider is its inputs. */
  private ownerOf(name: string | undefined): SettingsOwner {
    return name === undefined ? this.owner : SettingsOwner.connection(name);
  }

  /** The client and batchers of a connection, made on its first request. */
  private apiContext(name?: string): ApiContext {
    const connection = this.connection(name);
    const owner = this.ownerOf(name);
    const { apiKey, baseUrl } = connection.settings;
    connection.context ??= newApiContext(() => newClient(connection.settings, owner), apiKey ?? "", baseUrl ?? "");
    return connection.context;
  }

  /**
   * Throws, naming the connection and the setting to fix, when a connection cannot be used: not in
   * config, no key or URL, a publishable key (settings/read.ts), or (once per run, and only when the step
   * writes to it, so a preview with no changes still sends nothing) a key the service refuses.
   */
  private async assertUsable(name: string | undefined, step: { writes: boolean }): Promise<void> {
    const connection = this.connection(name);
    if (!step.writes) return;
    const context = this.apiContext(name);
    const owner = this.ownerOf(name);
    connection.keyCheck ??= keyRefusal(context.client, owner, warn, (oldest) => context.learnEnvironment(oldest));
    const refusal = await connection.keyCheck;
    if (refusal) throw new DiagnosticError(refusal);
  }
}

/** A connection's client: the first call loads the SDK (see the top of this file). */
function newClient(settings: ConnectionSettings, owner: SettingsOwner): ToolConnectivityClient {
  deferZodLocales();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { clientFromSettings } = require("../settings/client") as typeof import("../settings/client");
  saveCompiledModules();
  return clientFromSettings(settings, warn, owner);
}

/** A connection's settings in a config, or undefined when the config no longer names it (its first use then says so). */
function settingsIn(config: ConfigSource, name: string | undefined): ConnectionSettings | undefined {
  try {
    return settingsFor(name, config);
  } catch {
    return undefined;
  }
}

function sameSettings(a: ConnectionSettings | undefined, b: ConnectionSettings): boolean {
  if (!a) return false;
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ConnectionSettings>;
  return [...fields].every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}
