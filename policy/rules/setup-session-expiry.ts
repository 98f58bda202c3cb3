// An integration setup session expires within a bound, the service's default lifetime included.
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { forType } from "../resource-props";
import { configOf } from "../rule-config";

/** The service's lifetime of a setup session created without `expiresAt`. */
export const SERVICE_DEFAULT_SESSION_HOURS = 24;

const HOUR_MS = 3600_000;

const DEFAULTS = { maxLifetimeHours: SERVICE_DEFAULT_SESSION_HOURS };

export const setupSessionExpiry: ResourceValidationPolicy = {
  name: "tcs-setup-session-expiry",
  description: `An integration setup session must expire within the configured bound (no expiresAt means the service default of ${SERVICE_DEFAULT_SESSION_HOURS} h).`,
  enforcementLevel: "mandatory",
  severity: "medium",
  remediationSteps: "Set expiresAt on the IntegrationSetupSession to a time within the bound.",
  configSchema: {
    properties: {
      maxLifetimeHours: {
        type: "number",
        exclusiveMinimum: 0,
        default: DEFAULTS.maxLifetimeHours,
        description: "How far ahead, in hours from the preview, a session may expire.",
      },
    },
  },
  validateResource: forType("IntegrationSetupSession", (props, args, report) => {
    const { maxLifetimeHours } = configOf(args, DEFAULTS);
    const expiresAt = props.expiresAt;
    if (expiresAt === undefined || expiresAt === null) {
      if (SERVICE_DEFAULT_SESSION_HOURS > maxLifetimeHours) {
        report(
          `setup session '${args.name}' has no expiresAt, so it lives the service default of ${SERVICE_DEFAULT_SESSION_HOURS} h, beyond the ${maxLifetimeHours} h allowed; set expiresAt`,
        );
      }
      return;
    }
    const at = Date.parse(String(expiresAt));
    if (Number.isNaN(at)) {
      report(`setup session '${args.name}' has an expiresAt that is not a date-time: '${expiresAt}'`);
      return;
    }
    const hoursAhead = (at - Date.now()) / HOUR_MS;
    if (hoursAhead > maxLifetimeHours) {
      report(
        `setup session '${args.name}' expires ${hoursAhead.toFixed(1)} h from now (${expiresAt}), beyond the ${maxLifetimeHours} h allowed`,
      );
    }
  }),
};
