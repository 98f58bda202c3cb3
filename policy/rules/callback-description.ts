// A callback says what it is for.
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { forType } from "../resource-props";
import { configOf } from "../rule-config";

const DEFAULTS = { minLength: 1 };

export const callbackDescription: ResourceValidationPolicy = {
  name: "tcs-callback-description",
  description: "A callback must have a description saying what it is for.",
  enforcementLevel: "advisory",
  severity: "low",
  remediationSteps: "Set description on the Callback.",
  configSchema: {
    properties: {
      minLength: {
        type: "integer",
        minimum: 1,
        default: DEFAULTS.minLength,
        description: "Fewest characters (after trimming) a description may have.",
      },
    },
  },
  validateResource: forType("Callback", (props, args, report) => {
    const { minLength } = configOf(args, DEFAULTS);
    const description = typeof props.description === "string" ? props.description.trim() : "";
    if (description.length === 0) report(`callback '${args.name}' has no description`);
    else if (description.length < minLength)
      report(`callback '${args.name}' has a description shorter than ${minLength} characters`);
  }),
};
