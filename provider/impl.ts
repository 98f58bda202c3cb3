// The implementation the serialized shim (shim.ts) loads inside the engine's provider plugin:
// `require("pulumi-tcs/provider/impl")`. One plugin process serves every tcs resource of a run, so
// the client (with its rate limiter and connection pool) and the read batcher live here, once.
import type * as pulumi from "@pulumi/pulumi";
import { ToolConnectivityClient } from "../sdk";
import { missingSettings, readSettings, tierBelowServiceAdvice, type ProviderSettings } from "./config";
import type { ApiContext, ResourceDescriptor, ResourceKind } from "./engine/descriptor";
import { markerSecret } from "./engine/create-marker";
import { ReadBatcher } from "./engine/read-batcher";
import { warn } from "./engine/warn";
import { ResourceEngine } from "./engine/resource-engine";
import { descriptors } from "./resources/descriptors";

const PROVIDER_MAX_RETRIES = 5;

let settings: ProviderSettings = readSettings(() => undefined);
let context: ApiContext | undefined;
const engines = new Map<ResourceKind, ResourceEngine<Record<string, unknown>>>();

/** Called by the plugin once per resource type with the stack's config; later calls see the same config. */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  settings = readSettings((key) => req.config.get(key));
}

/**
 * The configure of the serialized shim (shim.ts): puts the resource type's methods on the provider
 * object, then configures. The methods are in place before this returns its promise, because the
 * plugin lets a concurrent call use a cached provider as soon as configure was called on it.
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
  if (!context) {
    const problem = missingSettings(settings);
    if (problem) throw new Error(problem);
    context = {
      client: new ToolConnectivityClient({
        apiKey: settings.apiKey,
        baseUrl: settings.baseUrl,
        serviceVersion: settings.serviceVersion,
        rateLimit: settings.rateLimitTier ?? "development",
        // A provider run is unattended and one failed step stops the whole update: be more patient
        // with transient failures than the SDK's default (each retry honours Retry-After and backs off).
        maxRetries: PROVIDER_MAX_RETRIES,
        onTierBelowService: (notice) => warn(tierBelowServiceAdvice(settings, notice)),
      }),
      reads: new ReadBatcher(),
      orphans: new ReadBatcher({ ttlMs: Number.POSITIVE_INFINITY }),
      markerSecret: markerSecret(settings.apiKey ?? ""),
      takenOver: new Set(),
    };
  }
  return context;
}

function assertConfigured(): void {
  const problem = missingSettings(settings);
  if (problem) throw new Error(problem);
}

/** Also what the shim of earlier builds calls (it serialized each method into state): their refresh and destroy need it. */
export function engineFor(kind: ResourceKind): ResourceEngine<Record<string, unknown>> {
  let engine = engines.get(kind);
  if (!engine) {
    const descriptor = descriptors[kind] as unknown as ResourceDescriptor<Record<string, unknown>>;
    engine = new ResourceEngine(descriptor, apiContext, assertConfigured);
    engines.set(kind, engine);
  }
  return engine;
}
