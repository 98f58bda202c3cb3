// An integration setup session sends the user back only to an https URL on an allowed host.
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { hostAllowed } from "../hosts";
import { forType } from "../resource-props";
import { configOf } from "../rule-config";

const DEFAULTS: { allowedRedirectHosts: string[] } = { allowedRedirectHosts: [] };

export const setupSessionRedirect: ResourceValidationPolicy = {
  name: "tcs-setup-session-redirect",
  description: "An integration setup session may redirect only to an https URL on an allowed host.",
  enforcementLevel: "mandatory",
  severity: "high",
  remediationSteps:
    "Use an https redirectUrl on one of the allowedRedirectHosts, or add the host to the policy config.",
  configSchema: {
    properties: {
      allowedRedirectHosts: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: DEFAULTS.allowedRedirectHosts,
        description: "Hosts a redirectUrl may point to (`*.example.com` for subdomains). Empty: any host, https only.",
      },
    },
  },
  validateResource: forType("IntegrationSetupSession", (props, args, report) => {
    const { allowedRedirectHosts } = configOf(args, DEFAULTS);
    const redirectUrl = props.redirectUrl;
    // No redirectUrl: the service's own completion page, which is fine.
    if (redirectUrl === undefined || redirectUrl === null) return;
    let url: URL;
    try {
      url = new URL(String(redirectUrl));
    } catch {
      report(`setup session '${args.name}' has a redirectUrl that is not an absolute URL: '${redirectUrl}'`);
      return;
    }
    // One violation per session, naming every problem with its redirect.
    const problems: string[] = [];
    if (url.protocol !== "https:") problems.push(`uses ${url.protocol.replace(/:$/, "")}, not https`);
    if (allowedRedirectHosts.length > 0 && !hostAllowed(url.hostname, allowedRedirectHosts)) {
      problems.push(`host '${url.hostname}' is not in allowedRedirectHosts (${allowedRedirectHosts.join(", ")})`);
    }
    if (problems.length > 0)
      report(`setup session '${args.name}' redirects to '${url.origin}': ${problems.join("; ")}`);
  }),
};
