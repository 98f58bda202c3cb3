// What a program gets from `import * as tcs from "pulumi-tcs"`: the resource classes (which load
// neither the SDK nor the plugin) and the lookups (which call the API from the program).
export { Callback, type CallbackArgs } from "./callback";
export { CallbackInstance, type CallbackInstanceArgs } from "./callback-instance";
export { ProviderConfig, type ProviderConfigArgs, type ToolFilters } from "./provider-config";
export { Role, type RoleArgs } from "./role";
export { IntegrationSetupSession, type IntegrationSetupSessionArgs } from "./integration-setup-session";
export * from "./lookups";
