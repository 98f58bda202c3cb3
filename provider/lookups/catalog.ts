// The lookups, listed once: what each reads with a client, whether it answers one record or a list, and
// the arguments it cannot do without. The dynamic door's program exports a function per lookup
// (dynamic/lookups, whose signatures the schema reads); the native door serves each as the function
// `tcs:index:<name>` (native/invoke.ts). Neither keeps a list of its own.
import type { ToolConnectivityClient } from "../../sdk";
import * as queries from "./queries";

interface Lookup<Args, Result> {
  /** A list comes back from a native function as `{ items: [...] }`, one record as its fields. */
  readonly returns: "record" | "list";
  /** Arguments that must be a non-empty string, each with what it is (the native door's functions are called untyped). */
  readonly required: Readonly<Record<string, string>>;
  read(client: ToolConnectivityClient, args: Args): Promise<Result>;
}

function lookup<Args, Result>(
  returns: "record" | "list",
  read: Lookup<Args, Result>["read"],
  required: Record<string, string> = {},
): Lookup<Args, Result> {
  return { returns, required, read };
}

export const LOOKUPS = {
  getProviderConfigSchema: lookup("record", (client, args: queries.ProviderConfigSchemaQuery) =>
    queries.providerConfigSchema(client, args),
  ),
  getCallbackEvents: lookup(
    "list",
    (client, args: queries.CallbackEventsQuery) => queries.callbackEvents(client, args),
    {
      callbackId: "the id of the callback whose events to read (cb_...)",
    },
  ),
  getRoles: lookup("list", (client, _args: object) => queries.roles(client)),
  getCustomProviderDeployment: lookup(
    "record",
    (client, args: { id: string }) => client.customProviderDeployments.retrieve(args.id),
    {
      id: "the id of the custom provider deployment",
    },
  ),
  getCustomProviderDeployments: lookup("list", (client, args: queries.CustomProviderDeploymentsQuery) =>
    queries.customProviderDeployments(client, args),
  ),
  getCustomProviderDeploymentLogs: lookup(
    "record",
    (client, args: { id: string }) => queries.customProviderDeploymentLogs(client, args.id),
    {
      id: "the id of the custom provider deployment",
    },
  ),
  getCustomProviderVersions: lookup("list", (client, args: queries.CustomProviderVersionsQuery) =>
    queries.customProviderVersions(client, args),
  ),
};

export type LookupName = keyof typeof LOOKUPS;

/** The arguments a lookup cannot do without that are missing, as one message; undefined when none is. */
export function missingArguments(name: LookupName, args: Record<string, unknown>): string | undefined {
  const missing = Object.entries(LOOKUPS[name].required).filter(
    ([argument]) => typeof args[argument] !== "string" || args[argument] === "",
  );
  return missing.length > 0
    ? missing.map(([argument, what]) => `${argument} is required: ${what}`).join("; ")
    : undefined;
}
