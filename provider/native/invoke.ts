// The native door's functions (`tcs:index:getRoles`, ...): the lookups of the catalog
// (lookups/catalog.ts), read through the provider's own connection. What a function returns follows
// the schema (codegen/schema): a list comes back as `{ items: [...] }`, one record as its fields.
import { LOOKUPS, missingArguments, type LookupName } from "../lookups/catalog";
import type { TcsPlugin } from "../engine/tcs-plugin";
import { NATIVE_TOKEN_PREFIX as TOKEN_PREFIX } from "../type-tokens";
import type { Props } from "./properties";

function lookupOf(token: string): LookupName | undefined {
  const name = token.startsWith(TOKEN_PREFIX) ? token.slice(TOKEN_PREFIX.length) : undefined;
  return name !== undefined && Object.hasOwn(LOOKUPS, name) ? (name as LookupName) : undefined;
}

/** Runs a function by its token; the result is plain data (records as the SDK reads them). */
export async function invokeFunction(plugin: TcsPlugin, token: string, args: Props): Promise<Props> {
  const name = lookupOf(token);
  if (!name) throw new Error(`unknown function ${token}: the tcs provider serves ${FUNCTION_TOKENS.join(", ")}`);
  const missing = missingArguments(name, args);
  if (missing) throw new Error(missing);
  const lookup = LOOKUPS[name] as { returns: "record" | "list"; read(client: unknown, args: Props): Promise<unknown> };
  const result = await lookup.read(await plugin.readingClient(), args);
  // Through JSON: dates and undefined fields become what the wire carries.
  return JSON.parse(JSON.stringify(lookup.returns === "list" ? { items: result } : result)) as Props;
}

export const FUNCTION_TOKENS = Object.keys(LOOKUPS).map((name) => `${TOKEN_PREFIX}${name}`);
