// Whether a resource is in production, for the rules that guard production: by its connection when it
// names one (a program can reach staging and production at once, so the stack's name says nothing
// about such a resource), by the stack's name when it uses the default connection, as before
// connections existed.
//
// A connection is production when the policy config lists it (`productionConnections`) or when the
// stack config marks it (`pulumi config set --path tcs:connections.<name>.production true`). A pack
// cannot read the stack config directly (@pulumi/policy keeps only the stack's tags), but every
// pulumi-tcs resource runs on the default `pulumi-nodejs` provider, whose inputs are the whole stack
// config: `args.provider.props["tcs:connections"]`, the JSON of the connections. Only each
// connection's `production` flag is read from it; nothing else of it (its keys) is ever reported.
import type { PolicyProviderResource } from "@pulumi/policy";
import { CONNECTIONS_KEY } from "../provider/settings";
import { CONNECTION_INPUT } from "../provider/shapes/reserved";
import { stackMatches, stackOfUrn } from "./stack-names";

export interface ProductionSettings {
  /** Stack names (and `*` patterns) whose default-connection resources are production. */
  productionStacks: readonly string[];
  /** Connection names (and `*` patterns) that are production, besides those the stack config marks. */
  productionConnections: readonly string[];
}

/** What a message says of a production resource: "production stack 'prod'", "production connection 'live'". */
export type ProductionScope = string;

/**
 * Where the resource is production, or undefined when it is not. `props` are the resource's inputs,
 * `provider` the provider resource the policy server hands over with it.
 */
export function productionScope(
  args: { urn: string; props: Record<string, unknown>; provider?: PolicyProviderResource },
  settings: ProductionSettings,
): ProductionScope | undefined {
  const connection = args.props[CONNECTION_INPUT];
  if (typeof connection === "string" && connection !== "") {
    const production =
      stackMatches(connection, settings.productionConnections) || markedProduction(args.provider).has(connection);
    return production ? `production connection '${connection}'` : undefined;
  }
  const stack = stackOfUrn(args.urn);
  return stackMatches(stack, settings.productionStacks) ? `production stack '${stack}'` : undefined;
}

/** The connections the stack config marks `production: true`, read from the default provider's inputs. */
export function markedProduction(provider: PolicyProviderResource | undefined): Set<string> {
  const marked = new Set<string>();
  if (!provider || !(CONNECTIONS_KEY in provider.props)) return marked;
  let connections: unknown = provider.props[CONNECTIONS_KEY];
  try {
    if (typeof connections === "string") connections = JSON.parse(connections);
  } catch {
    // A malformed tcs:connections fails the provider's own check, which names the setting to fix.
    return marked;
  }
  if (connections === null || typeof connections !== "object") return marked;
  for (const [name, settings] of Object.entries(connections as Record<string, unknown>)) {
    const flag =
      settings !== null && typeof settings === "object" ? (settings as Record<string, unknown>).production : undefined;
    if (flag === true || flag === "true") marked.add(name);
  }
  return marked;
}
