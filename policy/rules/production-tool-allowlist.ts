// In a production stack, a provider config exposes an explicit allowlist of tools, never every tool.
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { forType } from "../resource-props";
import { configOf } from "../rule-config";
import { stackMatches, stackOfUrn } from "../stack-names";

const DEFAULTS = { productionStacks: ["prod", "production"] };

export const productionToolAllowlist: ResourceValidationPolicy = {
  name: "tcs-production-tool-allowlist",
  description: "In a production stack, a provider config must expose an explicit tool_keys allowlist, not allow_all.",
  enforcementLevel: "mandatory",
  severity: "high",
  remediationSteps: 'Set toolFilters: { type: "tool_keys", keys: ["<tool key>", ...] } on the ProviderConfig.',
  configSchema: {
    properties: {
      productionStacks: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: DEFAULTS.productionStacks,
        description: 'Stack names that count as production; `*` matches any characters (e.g. "prod-*").',
      },
    },
  },
  validateResource: forType("ProviderConfig", (props, args, report) => {
    const { productionStacks } = configOf(args, DEFAULTS);
    const stack = stackOfUrn(args.urn);
    if (!stackMatches(stack, productionStacks)) return;
    const filters = props.toolFilters;
    if (filters === undefined || filters === null || filters.type === "allow_all") {
      report(
        `provider config '${args.name}' exposes every tool (toolFilters ${filters ? "allow_all" : "absent, which means allow_all"}) in production stack '${stack}'; set toolFilters to { type: "tool_keys", keys: [...] }`,
      );
    } else if (filters.type !== "tool_keys" || !Array.isArray(filters.keys) || filters.keys.length === 0) {
      report(`provider config '${args.name}' in production stack '${stack}' must list at least one tool key in toolFilters.keys`);
    }
  }),
};
