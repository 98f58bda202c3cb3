// The resources that carry metadata carry the keys a team requires (owner, cost center, ...).
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { RESOURCE_KINDS, SHAPES } from "../../provider/shapes";
import { kindOf } from "../resource-props";
import { configOf } from "../rule-config";

/** The kinds whose shape declares metadata (today a callback, a provider config and a setup session). */
const WITH_METADATA = RESOURCE_KINDS.filter((kind) => Object.hasOwn(SHAPES[kind].fields, "metadata"));
const NAMED = WITH_METADATA.join(", ");

const DEFAULTS = { requiredMetadataKeys: ["owner"] };

export const requiredMetadata: ResourceValidationPolicy = {
  name: "tcs-required-metadata",
  description: `Resources with metadata (${NAMED}) must carry the required metadata keys, with non-empty values.`,
  enforcementLevel: "advisory",
  severity: "low",
  remediationSteps: "Add the missing keys to the resource's metadata.",
  configSchema: {
    properties: {
      requiredMetadataKeys: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: DEFAULTS.requiredMetadataKeys,
        description: `Metadata keys every ${NAMED} must have.`,
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
    if (missing.length > 0)
      report(
        `${kind} '${args.name}' lacks required metadata key${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`,
      );
  },
};
