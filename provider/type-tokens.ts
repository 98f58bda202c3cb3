// The type token of each resource kind: the name the engine, the state, `pulumi stack` and policy packs
// know a resource by. Existing states hold these strings, so they never change. A dynamic resource
// declared with module "tcs" and type "<Kind>" gets the token `pulumi-nodejs:dynamic/tcs:<Kind>`.
// Imports nothing: the policy pack and the plugin load it without the provider around it.

/** The module of every resource's type token (`tcs:<Kind>`, the engine's `pulumi-nodejs:dynamic/tcs:<Kind>`). */
export const TCS_MODULE = "tcs";

/** The resource kinds, in the order the docs list them. */
export const RESOURCE_KINDS = [
  "Callback",
  "CallbackInstance",
  "ProviderConfig",
  "Role",
  "IntegrationSetupSession",
] as const;

export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export type TypeToken<K extends ResourceKind = ResourceKind> = `pulumi-nodejs:dynamic/tcs:${K}`;

/** `pulumi-nodejs:dynamic/tcs:<Kind>` of each kind. */
export const TYPE_TOKENS: { readonly [K in ResourceKind]: TypeToken<K> } = {
  Callback: "pulumi-nodejs:dynamic/tcs:Callback",
  CallbackInstance: "pulumi-nodejs:dynamic/tcs:CallbackInstance",
  ProviderConfig: "pulumi-nodejs:dynamic/tcs:ProviderConfig",
  Role: "pulumi-nodejs:dynamic/tcs:Role",
  IntegrationSetupSession: "pulumi-nodejs:dynamic/tcs:IntegrationSetupSession",
};

/** The prefix of every native token, a resource's, a function's or a type's: the package `tcs`, module `index` (codegen's tokenOf). */
export const NATIVE_TOKEN_PREFIX = "tcs:index:";

/** `tcs:index:<Kind>`: the token of each kind on the native provider (provider/native), every language's door. */
export const NATIVE_TYPE_TOKENS: { readonly [K in ResourceKind]: `tcs:index:${K}` } = {
  Callback: "tcs:index:Callback",
  CallbackInstance: "tcs:index:CallbackInstance",
  ProviderConfig: "tcs:index:ProviderConfig",
  Role: "tcs:index:Role",
  IntegrationSetupSession: "tcs:index:IntegrationSetupSession",
};

/** The kind whose token (dynamic or native) this is, or undefined for any other resource: the one place a token is read. */
export function kindOfToken(type: string): ResourceKind | undefined {
  return RESOURCE_KINDS.find((kind) => TYPE_TOKENS[kind] === type || NATIVE_TYPE_TOKENS[kind] === type);
}

/** The kind of a native type token (`tcs:index:Role`); any other token is refused, naming those the native provider serves. */
export function kindOfNativeToken(type: string): ResourceKind {
  const kind = kindOfToken(type);
  if (kind === undefined || NATIVE_TYPE_TOKENS[kind] !== type) {
    throw new Error(
      `unknown resource type ${type}: the tcs provider serves ${Object.values(NATIVE_TYPE_TOKENS).join(", ")}`,
    );
  }
  return kind;
}

/** The provider every dynamic resource gets by default; it receives the whole stack config as inputs. */
export const DEFAULT_DYNAMIC_PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";
