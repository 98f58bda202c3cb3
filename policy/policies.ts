// Every rule of the pulumi-tcs policy pack, in the order docs/policy.md lists them. index.ts puts them
// in the pack; tests run them one by one.
//
// What a rule sees: the inputs the program declared for the resource, after the provider's check,
// before anything is created. Values not known during preview (another resource's id, say) make the
// rule skip with an advisory "can't run during preview" note from @pulumi/policy, so each rule reads
// only the inputs it needs.
import type { Policies } from "@pulumi/policy";
import { apiKeySecret } from "./rules/api-key-secret";
import { callbackDescription } from "./rules/callback-description";
import { productionToolAllowlist } from "./rules/production-tool-allowlist";
import { requiredMetadata } from "./rules/required-metadata";
import { roleSensitivePermissions } from "./rules/role-sensitive-permissions";
import { setupSessionExpiry } from "./rules/setup-session-expiry";
import { setupSessionRedirect } from "./rules/setup-session-redirect";

export const policies: Policies = [
  productionToolAllowlist,
  setupSessionExpiry,
  setupSessionRedirect,
  roleSensitivePermissions,
  requiredMetadata,
  callbackDescription,
  apiKeySecret,
];
