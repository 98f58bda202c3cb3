// What the engine's provider plugin runs through the dynamic door: the serialized shim
// (dynamic/shim.ts) loads it through impl.ts and hands it each resource type's provider object. The
// process's one plugin object (tcs-plugin.ts) owns everything a run holds.
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../shapes/shape";
import type { ProviderMethods } from "../engine/resource-engine";
import { saveCompiledModules } from "../engine/process/compile-cache";
import { TcsPlugin } from "../engine/tcs-plugin";
import { refusalsSaidOnce } from "./host-error-lines";

// No provider state on this door: each resource records the environment it lives in (engine/environment-record.ts).
const plugin = new TcsPlugin({ recordEnvironment: true });

/** Called by the plugin once per resource type with the stack's config; later calls see the same config. */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  plugin.configure((key) => req.config.get(key));
  saveCompiledModules();
}

/**
 * The configure of the serialized shim (dynamic/shim.ts): puts the resource type's methods on the
 * provider object, then configures. The methods are in place before this returns its promise, because
 * the plugin lets a concurrent call use a cached provider as soon as configure was called on it.
 */
export function configureShim(
  provider: Partial<pulumi.dynamic.ResourceProvider>,
  kind: ResourceKind,
  req: pulumi.dynamic.ConfigureRequest,
): Promise<void> {
  const engine = engineFor(kind);
  provider.check = (olds, news) => engine.check(olds, news);
  provider.diff = (id, olds, news) => engine.diff(id, olds, news);
  provider.create = (inputs) => engine.create(inputs);
  provider.read = (id, props) => engine.read(id, props);
  provider.update = (id, olds, news) => engine.update(id, olds, news);
  provider.delete = (id, props) => engine.delete(id, props);
  return configure(req);
}

/**
 * Also what the shim of earlier builds calls (it serialized each method into state): their refresh and
 * destroy need it. Each method's refusal is said once, not again by the host with its stack (host-error-lines.ts).
 */
export function engineFor(kind: ResourceKind): ProviderMethods {
  return refusalsSaidOnce(plugin.engineFor(kind));
}
