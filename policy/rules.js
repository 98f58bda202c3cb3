// @ts-check
// The rules of the pulumi-tcs policy pack. Each one is a @pulumi/policy policy object; index.js
// puts them in the pack. Plain JavaScript (JSDoc types, checked by policy/tsconfig.check.json) because
// the engine runs the pack with node and no TypeScript loader.
//
// What a rule sees: the inputs the program declared for the resource, after the provider's check,
// before anything is created. Values not known during preview (another resource's id, say) make the
// rule skip with an advisory "can't run during preview" note from @pulumi/policy, so each rule reads
// only the inputs it needs.
const { secretKeysOf } = require("./secret-inputs");

/** @typedef {import("@pulumi/policy").ResourceValidationPolicy} ResourceValidationPolicy */
/** @typedef {import("@pulumi/policy").StackValidationPolicy} StackValidationPolicy */
/** @typedef {import("@pulumi/policy").ResourceValidationArgs} ResourceValidationArgs */
/** @typedef {import("@pulumi/policy").ReportViolation} ReportViolation */

/** The type token of each resource (provider/resources/*.ts: module "tcs", one type per class). */
const TYPES = {
  Callback: "pulumi-nodejs:dynamic/tcs:Callback",
  CallbackInstance: "pulumi-nodejs:dynamic/tcs:CallbackInstance",
  ProviderConfig: "pulumi-nodejs:dynamic/tcs:ProviderConfig",
  Role: "pulumi-nodejs:dynamic/tcs:Role",
  IntegrationSetupSession: "pulumi-nodejs:dynamic/tcs:IntegrationSetupSession",
};

/** The default provider of every dynamic resource: it receives the whole stack config as inputs. */
const DYNAMIC_PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";

/** The service's lifetime of a setup session created without `expiresAt`. */
const SERVICE_DEFAULT_SESSION_HOURS = 24;

const HOUR_MS = 3600_000;

/**
 * The stack name in a URN (`urn:pulumi:<stack>::<project>::<type>::<name>`): what every policy
 * receives, so it is how the pack tells which stack it is judging.
 * @param {string} urn
 */
function stackOfUrn(urn) {
  const head = urn.split("::")[0] ?? "";
  return head.split(":")[2] ?? "";
}

/**
 * Whether a stack name matches one of the patterns: exact names, or `*` standing for any run of
 * characters (`prod-*`). Case-sensitive, as stack names are.
 * @param {string} stack
 * @param {readonly string[]} patterns
 */
function stackMatches(stack, patterns) {
  return patterns.some((pattern) => {
    const regex = new RegExp(`^${pattern.split("*").map(escapeRegex).join(".*")}$`);
    return regex.test(stack);
  });
}

/** @param {string} text */
function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whether a hostname is allowed by an allowlist: exact hosts (`example.com`) or a leading `*.` for
 * any subdomain of a host (`*.example.com` allows `a.example.com` and `a.b.example.com`, not
 * `example.com` itself). Case-insensitive.
 * @param {string} hostname
 * @param {readonly string[]} allowed
 */
function hostAllowed(hostname, allowed) {
  const host = hostname.toLowerCase();
  return allowed.some((entry) => {
    const want = entry.toLowerCase();
    return want.startsWith("*.") ? host.endsWith(want.slice(1)) && host.length > want.length - 1 : host === want;
  });
}

/**
 * A policy's config with the pack's defaults under it: the engine fills in the schema defaults, but
 * an older CLI or a config file with `null`s may not.
 * @template {Record<string, unknown>} T
 * @param {{ getConfig: <C extends object>() => C }} args
 * @param {T} defaults
 * @returns {T}
 */
function configOf(args, defaults) {
  /** @type {Record<string, unknown>} */
  const given = args.getConfig();
  /** @type {Record<string, unknown>} */
  const out = { ...defaults };
  for (const [key, value] of Object.entries(given)) if (value !== undefined && value !== null) out[key] = value;
  return /** @type {T} */ (out);
}

/**
 * A validateResource that runs only for one resource type.
 * @param {string} type
 * @param {(props: Record<string, any>, args: ResourceValidationArgs, report: ReportViolation) => void} check
 * @returns {(args: ResourceValidationArgs, report: ReportViolation) => void}
 */
function forType(type, check) {
  return (args, report) => {
    if (args.type === type) check(args.props, args, report);
  };
}

/** @type {ResourceValidationPolicy} */
const productionToolAllowlist = {
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
        default: ["prod", "production"],
        description: "Stack names that count as production; `*` matches any characters (e.g. \"prod-*\").",
      },
    },
  },
  validateResource: forType(TYPES.ProviderConfig, (props, args, report) => {
    const { productionStacks } = configOf(args, { productionStacks: ["prod", "production"] });
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

/** @type {ResourceValidationPolicy} */
const setupSessionExpiry = {
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
        default: SERVICE_DEFAULT_SESSION_HOURS,
        description: "How far ahead, in hours from the preview, a session may expire.",
      },
    },
  },
  validateResource: forType(TYPES.IntegrationSetupSession, (props, args, report) => {
    const { maxLifetimeHours } = configOf(args, { maxLifetimeHours: SERVICE_DEFAULT_SESSION_HOURS });
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

/** @type {ResourceValidationPolicy} */
const setupSessionRedirect = {
  name: "tcs-setup-session-redirect",
  description: "An integration setup session may redirect only to an https URL on an allowed host.",
  enforcementLevel: "mandatory",
  severity: "high",
  remediationSteps: "Use an https redirectUrl on one of the allowedRedirectHosts, or add the host to the policy config.",
  configSchema: {
    properties: {
      allowedRedirectHosts: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: [],
        description: "Hosts a redirectUrl may point to (`*.example.com` for subdomains). Empty: any host, https only.",
      },
    },
  },
  validateResource: forType(TYPES.IntegrationSetupSession, (props, args, report) => {
    const { allowedRedirectHosts } = configOf(args, { allowedRedirectHosts: /** @type {string[]} */ ([]) });
    const redirectUrl = props.redirectUrl;
    // No redirectUrl: the service's own completion page, which is fine.
    if (redirectUrl === undefined || redirectUrl === null) return;
    /** @type {URL} */
    let url;
    try {
      url = new URL(String(redirectUrl));
    } catch {
      report(`setup session '${args.name}' has a redirectUrl that is not an absolute URL: '${redirectUrl}'`);
      return;
    }
    // One violation per session, naming every problem with its redirect.
    const problems = [];
    if (url.protocol !== "https:") problems.push(`uses ${url.protocol.replace(/:$/, "")}, not https`);
    if (allowedRedirectHosts.length > 0 && !hostAllowed(url.hostname, allowedRedirectHosts)) {
      problems.push(`host '${url.hostname}' is not in allowedRedirectHosts (${allowedRedirectHosts.join(", ")})`);
    }
    if (problems.length > 0) report(`setup session '${args.name}' redirects to '${url.origin}': ${problems.join("; ")}`);
  }),
};

/** @type {ResourceValidationPolicy} */
const roleSensitivePermissions = {
  name: "tcs-role-sensitive-permissions",
  description: "A role may grant a sensitive permission only when its description carries the approval tag.",
  enforcementLevel: "mandatory",
  severity: "high",
  remediationSteps: "Remove the sensitive permissions, or put the approval tag in the role's description once the grant is approved.",
  configSchema: {
    properties: {
      sensitivePermissions: {
        type: "array",
        items: { type: "string", minLength: 1 },
        default: ["member_manage", "tool_call_execute"],
        description: "Permission identifiers that need an approval.",
      },
      approvalTag: {
        type: "string",
        minLength: 1,
        default: "[approved-sensitive]",
        description: "Text that, found in the role's description, marks the sensitive grant as approved.",
      },
    },
  },
  validateResource: forType(TYPES.Role, (props, args, report) => {
    const { sensitivePermissions, approvalTag } = configOf(args, {
      sensitivePermissions: ["member_manage", "tool_call_execute"],
      approvalTag: "[approved-sensitive]",
    });
    const permissions = Array.isArray(props.permissions) ? props.permissions : [];
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

/** @type {ResourceValidationPolicy} */
const requiredMetadata = {
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
        default: ["owner"],
        description: "Metadata keys every Callback, ProviderConfig and IntegrationSetupSession must have.",
      },
    },
  },
  validateResource: (args, report) => {
    // The resources that have metadata; roles and callback instances have none.
    if (![TYPES.Callback, TYPES.ProviderConfig, TYPES.IntegrationSetupSession].includes(args.type)) return;
    const { requiredMetadataKeys } = configOf(args, { requiredMetadataKeys: ["owner"] });
    const metadata = args.props.metadata;
    const missing = requiredMetadataKeys.filter((key) => {
      const value = metadata === undefined || metadata === null ? undefined : metadata[key];
      return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
    });
    if (missing.length > 0) {
      const kind = args.type.split(":").pop();
      report(`${kind} '${args.name}' lacks required metadata key${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
    }
  },
};

/** @type {ResourceValidationPolicy} */
const callbackDescription = {
  name: "tcs-callback-description",
  description: "A callback must have a description saying what it is for.",
  enforcementLevel: "advisory",
  severity: "low",
  remediationSteps: "Set description on the Callback.",
  configSchema: {
    properties: {
      minLength: { type: "integer", minimum: 1, default: 1, description: "Fewest characters (after trimming) a description may have." },
    },
  },
  validateResource: forType(TYPES.Callback, (props, args, report) => {
    const { minLength } = configOf(args, { minLength: 1 });
    const description = typeof props.description === "string" ? props.description.trim() : "";
    if (description.length === 0) report(`callback '${args.name}' has no description`);
    else if (description.length < minLength) report(`callback '${args.name}' has a description shorter than ${minLength} characters`);
  }),
};

/** @type {StackValidationPolicy} */
const apiKeySecret = {
  name: "tcs-api-key-secret",
  description: "The stack config tcs:apiKey must be a secret (pulumi config set --secret tcs:apiKey ...), never plain text.",
  enforcementLevel: "mandatory",
  severity: "critical",
  remediationSteps: "Run `pulumi config set --secret tcs:apiKey <key>` (or use TCS_API_KEY in the environment), and rotate the key if it was committed.",
  validateStack: (args, report) => {
    // Dynamic resources' default provider gets the whole stack config as inputs, secret values
    // marked; only `tcs:apiKey` is read here (other inputs could be unknown during preview).
    for (const resource of args.resources) {
      if (resource.type !== DYNAMIC_PROVIDER_TYPE) continue;
      const props = /** @type {Record<string | symbol, unknown>} */ (resource.props);
      if (!("tcs:apiKey" in props)) continue; // The key comes from the environment, or there is none.
      const secretKeys = secretKeysOf(props);
      if (secretKeys === undefined) {
        report(
          "cannot tell whether stack config tcs:apiKey is a secret: this @pulumi/policy version no longer exposes secret markers to the pack (policy/secret-inputs.js)",
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

/** Every rule of the pack, in the order they are listed. */
const policies = [
  productionToolAllowlist,
  setupSessionExpiry,
  setupSessionRedirect,
  roleSensitivePermissions,
  requiredMetadata,
  callbackDescription,
  apiKeySecret,
];

module.exports = { policies, TYPES, stackOfUrn, stackMatches, hostAllowed, SERVICE_DEFAULT_SESSION_HOURS };
