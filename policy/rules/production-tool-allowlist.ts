// In production, a provider config exposes an explicit allowlist of tools, never every tool. Production:
// the connection marked production, or for a config on the default connection, a production stack.
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { productionScope } from "../production";
import { forType } from "../resource-props";
import { configOf } from "../rule-config";

const DEFAULTS = { productionStacks: ["prod", "production"], productionConnections: [] as string[] };

export const productionToolAllowlist: ResourceValidationPolicy = {
  name: "tcs-production-tool-allowlist",
  description:
    "In production (a production stack, or a connection marked production), a provider config must expose an explicit tool_keys allowlist, not allow_all.",
  enforcementLevel: "mandatory",
  severity: "high",
  remediationSteps: 'Set toolFilters: { type: "tool_keys", keys: ["<tool key>", ...] } on the ProviderConfig.',
  configSchema: {
    properties: {
      productionStacks: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: DEFAULTS.productionStacks,
        description:
          'Stack names that count as production for resources on the default connection; `*` matches any characters (e.g. "prod-*").',
      },
      productionConnections: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: DEFAULTS.productionConnections,
        description:
          "Connection names that count as production, besides those the stack config marks (tcs:connections.<name>.production true); `*` matches any characters.",
      },
    },
  },
  validateResource: forType("ProviderConfig", (props, args, report) => {
    const where = productionScope(
      { urn: args.urn, props: props as Record<string, unknown>, provider: args.provider },
      configOf(args, DEFAULTS),
    );
    if (!where) return;
    const filters = props.toolFilters;
    if (filters === undefined || filters === null || filters.type === "allow_all") {
      report(
        `provider config '${args.name}' exposes every tool (toolFilters ${filters ? "allow_all" : "absent, which means allow_all"}) in ${where}; set toolFilters to { type: "tool_keys", keys: [...] }`,
      );
    } else if (filters.type !== "tool_keys" || !Array.isArray(filters.keys) || filters.keys.length === 0) {
      report(`provider config '${args.name}' in ${where} must list at least one tool key in toolFilters.keys`);
    }
  }),
};
