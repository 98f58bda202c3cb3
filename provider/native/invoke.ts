// The native door's functions (`tcs:index:getRoles`, ...): the program's lookups (program/lookups),
// read through the provider's own connection. What a function returns follows the schema
// (scripts/schema): a list comes back as `{ items: [...] }`, one record as its fields.
import type { ToolConnectivityClient } from "../../sdk";
import * as queries from "../lookups/queries";
import type { TcsPlugin } from "../plugin/tcs-plugin";
import type { Props } from "./properties";

type Query = (client: ToolConnectivityClient, args: Props) => Promise<unknown>;

const asList = (items: unknown[]) => ({ items });

const FUNCTIONS: Record<string, Query> = {
  "tcs:index:getRoles": async (client) => asList(await queries.roles(client)),
  "tcs:index:getProviderConfigSchema": (client, args) => queries.providerConfigSchema(client, args),
  "tcs:index:getCallbackEvents": async (client, args) => asList(await queries.callbackEvents(client, { ...args, callbackId: requiredCallbackId(args) })),
  "tcs:index:getCustomProviderDeployment": (client, args) => client.customProviderDeployments.retrieve(requiredId(args)),
  "tcs:index:getCustomProviderDeployments": async (client, args) => asList(await queries.customProviderDeployments(client, args)),
  "tcs:index:getCustomProviderDeploymentLogs": (client, args) => queries.customProviderDeploymentLogs(client, requiredId(args)),
  "tcs:index:getCustomProviderVersions": async (client, args) => asList(await queries.customProviderVersions(client, args)),
};

function requiredId(args: Props): string {
  if (typeof args.id !== "string" || args.id === "") throw new Error("id is required: the id of the custom provider deployment");
  return args.id;
}

function requiredCallbackId(args: Props): string {
  if (typeof args.callbackId !== "string" || args.callbackId === "")
    throw new Error("callbackId is required: the id of the callback whose events to read (cb_...)");
  return args.callbackId;
}

/** Runs a function by its token; the result is plain data (records as the SDK reads them). */
export async function invokeFunction(plugin: TcsPlugin, token: string, args: Props): Promise<Props> {
  const query = FUNCTIONS[token];
  if (!query) throw new Error(`unknown function ${token}: the tcs provider serves ${Object.keys(FUNCTIONS).join(", ")}`);
  const result = await query(await plugin.readingClient(), args);
  // Through JSON: dates and undefined fields become what the wire carries.
  return JSON.parse(JSON.stringify(result)) as Props;
}

export const FUNCTION_TOKENS = Object.keys(FUNCTIONS);
