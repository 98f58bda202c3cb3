// The stack config's API keys are secrets, never plain text in Pulumi.<stack>.yaml: tcs:apiKey, and
// the key of every named connection (tcs:connections.<name>.apiKey).
import type { StackValidationPolicy } from "@pulumi/policy";
import { CONNECTIONS_KEY, SETTINGS, SettingsOwner } from "../../provider/settings";
import { DEFAULT_DYNAMIC_PROVIDER_TYPE } from "../../provider/type-tokens";
import { secretKeysOf } from "../secret-inputs";
import { stackOfUrn } from "../stack-names";

/** The default connection's key and any named connection's, as the stack config keys them. */
const [DEFAULT, CONNECTION] = [SettingsOwner.defaultConnection, SettingsOwner.connection("<name>")];
const DEFAULT_KEY = DEFAULT.key("apiKey");

export const apiKeySecret: StackValidationPolicy = {
  name: "tcs-api-key-secret",
  description: `The stack config ${DEFAULT_KEY} and every ${CONNECTION.key("apiKey")} must be secrets (pulumi config set --secret ...), never plain text.`,
  enforcementLevel: "mandatory",
  severity: "critical",
  remediationSteps:
    `Run \`${DEFAULT.set("apiKey", "<key>")}\` (or use ${SETTINGS.apiKey.variable} in the environment), or \`${CONNECTION.set("apiKey", "<key>")}\` ` +
    "for a named connection, and rotate the key if it was committed.",
  validateStack: (args, report) => {
    // Dynamic resources' default provider gets the whole stack config as inputs, secret values
    // marked; only the keys' settings are read here (other inputs could be unknown during preview).
    for (const resource of args.resources) {
      if (resource.type !== DEFAULT_DYNAMIC_PROVIDER_TYPE) continue;
      const props = resource.props;
      const plainConnections = connectionsWithKeys(props[CONNECTIONS_KEY]);
      if (!(DEFAULT_KEY in props) && plainConnections.length === 0) continue; // The key comes from the environment, or there is none.
      const secretKeys = secretKeysOf(props);
      if (secretKeys === undefined) {
        report(
          "cannot tell whether the stack config's API keys are secrets: this @pulumi/policy version no longer exposes secret markers to the pack (policy/secret-inputs.ts)",
          resource.urn,
        );
        continue;
      }
      if (DEFAULT_KEY in props && !secretKeys.has(DEFAULT_KEY)) {
        report(
          `stack config ${DEFAULT_KEY} of stack '${stackOfUrn(resource.urn)}' is plain text; store it with \`${DEFAULT.set("apiKey", "<key>")}\``,
          resource.urn,
        );
      }
      // `--secret --path` makes the whole structured value a secret: plain text means some key is.
      if (plainConnections.length > 0 && !secretKeys.has(CONNECTIONS_KEY)) {
        report(
          `stack config ${CONNECTIONS_KEY} of stack '${stackOfUrn(resource.urn)}' holds API keys in plain text (${plainConnections.join(", ")}); store each ` +
            `with \`${CONNECTION.set("apiKey", "<key>")}\``,
          resource.urn,
        );
      }
    }
  },
};

/** The names of the connections that hold an apiKey (the value: JSON text, or an object). */
function connectionsWithKeys(value: unknown): string[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (parsed === null || typeof parsed !== "object") return [];
  return Object.entries(parsed as Record<string, unknown>)
    .filter(([, connection]) => typeof connection === "object" && connection !== null && "apiKey" in connection)
    .map(([name]) => `'${name}'`);
}
