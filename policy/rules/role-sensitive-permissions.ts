// A role grants a sensitive permission only with the approval tag in its description (a Role has no
// metadata, and dynamic resources have no Pulumi tags: the description is where the approval shows).
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { forType } from "../resource-props";
import { configOf } from "../rule-config";

const DEFAULTS = { sensitivePermissions: ["member_manage", "tool_call_execute"], approvalTag: "[approved-sensitive]" };

export const roleSensitivePermissions: ResourceValidationPolicy = {
  name: "tcs-role-sensitive-permissions",
  description: "A role may grant a sensitive permission only when its description carries the approval tag.",
  enforcementLevel: "mandatory",
  severity: "high",
  remediationSteps:
    "Remove the sensitive permissions, or put the approval tag in the role's description once the grant is approved.",
  configSchema: {
    properties: {
      sensitivePermissions: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: DEFAULTS.sensitivePermissions,
        description: "Permission identifiers that need an approval.",
      },
      approvalTag: {
        type: "string",
        minLength: 1,
        default: DEFAULTS.approvalTag,
        description: "Text that, found in the role's description, marks the sensitive grant as approved.",
      },
    },
  },
  validateResource: forType("Role", (props, args, report) => {
    const { sensitivePermissions, approvalTag } = configOf(args, DEFAULTS);
    const permissions: unknown[] = Array.isArray(props.permissions) ? props.permissions : [];
    const granted = sensitivePermissions.filter((permission) => permissions.includes(permission));
    if (granted.length === 0) return;
    const description = typeof props.description === "string" ? props.description : "";
    if (!description.includes(approvalTag)) {
      report(
        `role '${args.name}' grants sensitive permission${granted.length > 1 ? "s" : ""} ${granted.join(", ")} without the approval tag '${approvalTag}' in its description`,
      );
    }
  }),
};
