// What the engine's provider plugin runs: the serialized shim (program/shim.ts) loads it through
// impl.ts and hands it each resource type's provider object. One plugin process serves every tcs
// resource of a run, so the client (with its rate limiter and connection pool) and the read batchers
// live here, once.
import type * as pulumi from "@pulumi/pulumi";
import { clientFromSettings } from "../client";
import { missingSettings, readSettings, type ProviderSettings } from "../config";
import type { ResourceKind } from "../shapes/shape";
import { BINDINGS } from "./bindings";
import type { ApiContext } from "./engine/binding";
import { markerSecret } from "./engine/create-marker";
import { ReadBatcher } from "./engine/read-batcher";
import { ResourceEngine, type ProviderMethods } from "./engine/resource-engine";
import { warn } from "./engine/warn";

let settings: ProviderSettings = readSettings(() => undefined);
let context: ApiContext | undefined;
const engines = new Map<ResourceKind, ProviderMethods>();

/** Called by the plugin once per resource type with the stack's config; later calls see the same config. */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  settings = readSettings((key) => req.config.get(key));
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

function apiContext(): ApiContext {
  context ??= {
    client: clientFromSettings(settings, warn),
    reads: new ReadBatcher(),
    orphans: new ReadBatcher({ ttlMs: Number.POSITIVE_INFINITY }),
    markerSecret: markerSecret(settings.apiKey ?? ""),
    takenOver: new Set(),
  };
  return context;
}

function assertConfigured(): void {
  const problem = missingSettings(settings);
  if (problem) throw new Error(problem);
}

/** Also what the shim of earlier builds calls (it serialized each method into state): their refresh and destroy need it. */
export function engineFor(kind: ResourceKind): ProviderMethods {
  let engine = engines.get(kind);
  if (!engine) {
    engine = new ResourceEngine(BINDINGS[kind], apiContext, assertConfigured);
    engines.set(kind, engine);
  }
  return engine;
}
