// What the engine's provider plugin runs: the serialized shim (program/shim.ts) loads it through
// impl.ts and hands it each resource type's provider object. One plugin process serves every tcs
// resource of a run, so each connection's client (with its rate limiter and connection pool) and
// read batchers live here, once per connection: two environments never share a limiter, and one
// environment's 429s never slow the other.
// What a preview with no changes runs (check and diff) needs no request, so the SDK, its HTTP client
// and its record schemas are loaded by a connection's first request, not when the plugin starts.
import type * as pulumi from "@pulumi/pulumi";
import type { ToolConnectivityClient } from "../../sdk";
import type { ConfigSource } from "../config";
import { missingConnectionSettings, settingsFor, type ConnectionSettings } from "../connections";
import type { ResourceKind } from "../shapes/shape";
import { BINDINGS } from "./bindings";
import type { ApiContext } from "./engine/binding";
import { markerSecret } from "./engine/create-marker";
import { keyRefusal, publishableKeyRefusal } from "./engine/key-check";
import { ReadBatcher } from "./engine/read-batcher";
import { ResourceEngine, type ProviderMethods } from "./engine/resource-engine";
import { warn } from "./engine/warn";

let config: ConfigSource = () => undefined;
/** Each connection's settings as read from `config`, by name (the default under ""): read once, not per check. */
const settings = new Map<string, ConnectionSettings>();
/** By connection name; the default connection under "". */
const contexts = new Map<string, ApiContext>();
/** The key check of each connection, sent once per run (see assertUsable). */
const keyChecks = new Map<string, Promise<string | undefined>>();
const engines = new Map<ResourceKind, ProviderMethods>();

/** Called by the plugin once per resource type with the stack's config; later calls see the same config. */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  config = (key) => req.config.get(key);
  settings.clear();
}

/**
 * The configure of the serialized shim (program/shim.ts): puts the resource type's methods on the
 * provider object, then configures. The methods are in place before this returns its promise, because
 * the plugin lets a concurrent call use a cached provider as soon as configure was called on it.
 */
export function configureShim(provider: Partial<pulumi.dynamic.ResourceProvider>, kind: ResourceKind, req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  const engine = engineFor(kind);
  provider.check = (olds, news) => engine.check(olds, news);
  provider.diff = (id, olds, news) => engine.diff(id, olds, news);
  provider.create = (inputs) => engine.create(inputs);
  provider.read = (id, props) => engine.read(id, props);
  provider.update = (id, olds, news) => engine.update(id, olds, news);
  provider.delete = (id, props) => engine.delete(id, props);
  return configure(req);
}

/** A connection's settings; throws a message naming the connection and the setting to fix when it cannot be used. */
function usableSettings(connection: string | undefined): ConnectionSettings {
  let found = settings.get(connection ?? "");
  if (!found) {
    found = settingsFor(connection, config);
    const problem = missingConnectionSettings(connection, found);
    if (problem) throw new Error(problem);
    settings.set(connection ?? "", found);
  }
  return found;
}

/** The client and batchers of a connection, made on its first request (a preview with no changes makes none). */
function apiContext(connection?: string): ApiContext {
  let context = contexts.get(connection ?? "");
  if (!context) {
    const usable = usableSettings(connection);
    let client: ToolConnectivityClient | undefined;
    context = {
      get client() {
        return (client ??= newClient(usable, connection));
      },
      reads: new ReadBatcher(),
      orphans: new ReadBatcher({ ttlMs: Number.POSITIVE_INFINITY }),
      markerSecret: markerSecret(usable.apiKey ?? ""),
      takenOver: new Set(),
    };
    contexts.set(connection ?? "", context);
  }
  return context;
}

/** A connection's client: the first call loads the SDK (see the top of this file). */
function newClient(settings: ConnectionSettings, connection: string | undefined): ToolConnectivityClient {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { clientFromSettings } = require("../client") as typeof import("../client");
  return clientFromSettings(settings, warn, connection);
}

/**
 * Throws, naming the connection and the setting to fix, when a connection cannot be used: not in
 * config, no key or URL, a publishable key, or (once per run, and only when the step writes to it,
 * so a preview with no changes still sends nothing) a key the service refuses.
 */
async function assertUsable(connection: string | undefined, step: { writes: boolean }): Promise<void> {
  const offline = publishableKeyRefusal(connection, usableSettings(connection).apiKey);
  if (offline) throw new Error(offline);
  if (!step.writes) return;
  let check = keyChecks.get(connection ?? "");
  if (!check) {
    check = keyRefusal(apiContext(connection).client, connection);
    keyChecks.set(connection ?? "", check);
  }
  const refusal = await check;
  if (refusal) throw new Error(refusal);
}

/** Also what the shim of earlier builds calls (it serialized each method into state): their refresh and destroy need it. */
export function engineFor(kind: ResourceKind): ProviderMethods {
  let engine = engines.get(kind);
  if (!engine) {
    engine = new ResourceEngine(BINDINGS[kind], apiContext, assertUsable);
    engines.set(kind, engine);
  }
  return engine;
}
