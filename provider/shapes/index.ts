// Every resource's shape by kind: what the program's classes, the plugin's bindings and tcs-drift read.
import { callback } from "./callback";
import { callbackInstance } from "./callback-instance";
import { integrationSetupSession } from "./integration-setup-session";
import { providerConfig } from "./provider-config";
import { role } from "./role";
import type { ResourceKind, Shape } from "./shape";

export { RESOURCE_KINDS } from "../type-tokens";

export const SHAPES = {
  Callback: callback,
  CallbackInstance: callbackInstance,
  ProviderConfig: providerConfig,
  Role: role,
  IntegrationSetupSession: integrationSetupSession,
} satisfies { [K in ResourceKind]: Shape<K> };

/** The resource kind of a type token (`tcs:Callback`, the engine's `pulumi-nodejs:dynamic/tcs:Callback`, the native `tcs:index:Callback`). */
export function kindOfType(type: string): ResourceKind | undefined {
  const match = /^(?:pulumi-nodejs:dynamic\/)?tcs:(?:index:)?(\w+)$/.exec(type);
  return match && Object.hasOwn(SHAPES, match[1]) ? (match[1] as ResourceKind) : undefined;
}
