// A stack moved from the dynamic door to this one, each resource given an alias from its dynamic URN
// (`pulumi-nodejs:dynamic/tcs:<Kind>`) to its native type (docs/native-provider.md). The engine then
// sees the resource's provider change from `pulumi:providers:pulumi-nodejs` to a tcs provider, and
// asks the new provider's DiffConfig whether that replaces it, with the old provider's inputs (Pulumi
// v3.259, step_generator.go providerChanged). Those are the dynamic provider's: the whole stack config,
// keyed `tcs:apiKey`, `tcs:baseUrl`, ... (and other namespaces' keys). They are read as the settings
// they hold: a move that keeps the stack's key and base URL reaches the same environment and replaces
// nothing; one to another environment is replaced, as a move between tcs providers is.
// A resource the dynamic door made on a named connection (`connection: "staging"`) lives in that
// connection's environment, which DiffConfig cannot see (it is told the providers, not the resource):
// its check refuses the move, naming the way that works.
import { MESSAGE_LIMIT, render, type Refusal } from "../diagnostic";
import { configKey, SETTING_NAMES } from "../settings";
import { CONNECTION_INPUT, PROVIDER_URN_INPUT } from "../shapes/reserved";
import type { Props } from "./properties";

/** What a moved resource's former provider is called, in place of its URN (which DiffConfig is not given). */
export const DYNAMIC_DOOR_PROVIDER = "pulumi:providers:pulumi-nodejs";

/**
 * A provider's old inputs as this door's settings: the dynamic door's provider's stack config (keys
 * `<namespace>:<name>`, which no tcs provider input has) read as the tcs settings it holds, marked as
 * another provider's; a tcs provider's inputs as they are.
 */
export function asProviderSettings(olds: Props): Props {
  if (!Object.keys(olds).some((key) => key.includes(":"))) return olds;
  const settings: Props = { [PROVIDER_URN_INPUT]: DYNAMIC_DOOR_PROVIDER };
  for (const name of SETTING_NAMES) {
    const value = olds[configKey(name)];
    if (value !== undefined) settings[name] = value;
  }
  return settings;
}

/** The refusal of a resource the dynamic door made on a named connection, checked on this door; nothing for any other. */
export function namedConnectionMove(olds: Props): { property: string; reason: string } | undefined {
  const connection = olds[CONNECTION_INPUT];
  if (typeof connection !== "string") return undefined;
  // The engine's words before it are this door's, `tcs:index:<Kind> resource '<name>' has a problem: `:
  // 68 characters for a callback instance named in 12. The docs section says the rest (the import's --provider).
  const refusal: Refusal = {
    summary: `made on the dynamic door's connection "${connection}", an environment no alias can tell`,
    fix: "Keep it there, or pulumi state delete it, then pulumi import it under that environment's provider",
    docs: "docs/native-provider.md#on-a-named-connection",
  };
  return { property: "", reason: render(refusal, MESSAGE_LIMIT - 68) };
}
