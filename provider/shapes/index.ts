// Every resource's shape by kind: what the program's classes, the plugin's bindings and pulumi-tcs drift read.
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
