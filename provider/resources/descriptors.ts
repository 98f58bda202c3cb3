// Every resource's descriptor by kind: what the plugin-side engine (impl.ts) serves.
import type { ResourceKind } from "../engine/descriptor";
import { callbackDescriptor } from "./callback";
import { callbackInstanceDescriptor } from "./callback-instance";
import { integrationSetupSessionDescriptor } from "./integration-setup-session";
import { providerConfigDescriptor } from "./provider-config";
import { roleDescriptor } from "./role";

export const descriptors = {
  Callback: callbackDescriptor,
  CallbackInstance: callbackInstanceDescriptor,
  ProviderConfig: providerConfigDescriptor,
  Role: roleDescriptor,
  IntegrationSetupSession: integrationSetupSessionDescriptor,
} satisfies Record<ResourceKind, unknown>;
