// The resources that carry metadata carry the keys a team requires (owner, cost center, ...).
import type { ResourceValidationPolicy } from "@pulumi/policy";
import type { ResourceKind } from "../../provider/type-tokens";
import { kindOf } from "../resource-props";
import { configOf } from "../rule-config";

/** The kinds that have metadata; roles and callback instances have none. */
const WITH_METADATA: readonly ResourceKind[] = ["Callback", "ProviderConfig", "IntegrationSetupSession"];

const DEFAULTS = { requiredMetadataKeys: ["owner"] };

export const requiredMetadata: ResourceValidationPolicy = {
  name: "tcs-required-metadata",
  description: "Callbacks, provider configs and setup sessions must carry the required metadata keys, with non-empty values.",
  enforcementLevel: "advisory",
  severity: "low",
  remediationSteps: "Add the missing keys to the resource's metadata.",
  configSchema: {
    properties: {
      requiredMetadataKeys: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: DEFAULTS.requiredMetadataKeys,
        description: "Metadata keys every Callback, ProviderConfig and IntegrationSetupSession must have.",
      },
    },
  },
  validateResource: (args, report) => {
    const kind = kindOf(args.type);
    if (kind === undefined || !WITH_METADATA.includes(kind)) return;
    const { requiredMetadataKeys } = configOf(args, DEFAULTS);
    const metadata: Record<string, unknown> | null | undefined = args.props.metadata;
    const missing = requiredMetadataKeys.filter((key) => {
      const value = metadata === undefined || metadata === null ? undefined : metadata[key];
      return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
    });
    if (missing.length > 0) report(`${kind} '${args.name}' lacks required metadata key${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  },
};
