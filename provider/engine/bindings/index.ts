// Every resource's API binding by kind: what the plugin object (../tcs-plugin.ts) serves.
import type { ResourceKind } from "../../shapes/shape";
import type { AnyBinding } from "../binding";
import { callbackBinding } from "./callback";
import { callbackInstanceBinding } from "./callback-instance";
import { integrationSetupSessionBinding } from "./integration-setup-session";
import { providerConfigBinding } from "./provider-config";
import { roleBinding } from "./role";

export const BINDINGS: { [K in ResourceKind]: AnyBinding } = {
  Callback: callbackBinding,
  CallbackInstance: callbackInstanceBinding,
  ProviderConfig: providerConfigBinding,
  Role: roleBinding,
  IntegrationSetupSession: integrationSetupSessionBinding,
};
