// The stack config tcs:apiKey is a secret, never plain text in Pulumi.<stack>.yaml.
import type { StackValidationPolicy } from "@pulumi/policy";
import { DEFAULT_DYNAMIC_PROVIDER_TYPE } from "../../provider/type-tokens";
import { secretKeysOf } from "../secret-inputs";
import { stackOfUrn } from "../stack-names";

export const apiKeySecret: StackValidationPolicy = {
  name: "tcs-api-key-secret",
  description: "The stack config tcs:apiKey must be a secret (pulumi config set --secret tcs:apiKey ...), never plain text.",
  enforcementLevel: "mandatory",
  severity: "critical",
  remediationSteps: "Run `pulumi config set --secret tcs:apiKey <key>` (or use TCS_API_KEY in the environment), and rotate the key if it was committed.",
  validateStack: (args, report) => {
    // Dynamic resources' default provider gets the whole stack config as inputs, secret values
    // marked; only `tcs:apiKey` is read here (other inputs could be unknown during preview).
    for (const resource of args.resources) {
      if (resource.type !== DEFAULT_DYNAMIC_PROVIDER_TYPE) continue;
      const props = resource.props;
      if (!("tcs:apiKey" in props)) continue; // The key comes from the environment, or there is none.
      const secretKeys = secretKeysOf(props);
      if (secretKeys === undefined) {
        report(
          "cannot tell whether stack config tcs:apiKey is a secret: this @pulumi/policy version no longer exposes secret markers to the pack (policy/secret-inputs.ts)",
          resource.urn,
        );
      } else if (!secretKeys.has("tcs:apiKey")) {
        report(
          `stack config tcs:apiKey of stack '${stackOfUrn(resource.urn)}' is plain text; store it with \`pulumi config set --secret tcs:apiKey <key>\``,
          resource.urn,
        );
      }
    }
  },
};
