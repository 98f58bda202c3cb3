// Programs the end-to-end tests run: one of each resource, with every property the tests vary.
import * as tcs from "pulumi-tcs";

export const FIX = {
  githubProvider: "prov_github00000000000000",
  githubEnterpriseDeployment: "pdep_githubenterprise0000",
  githubVault: "pcvt_githubdefault0000000",
  githubIntegrationProvider: "intp_github00000000000000",
  linearIntegrationProvider: "intp_linear00000000000000",
  notionIntegrationProvider: "intp_notion00000000000000",
  githubOAuth: "pac_githuboauth000000000",
  githubPat: "pac_githubpat00000000000",
  jiraIntegrationProvider: "intp_jira0000000000000000",
  slackIntegrationProvider: "intp_slack000000000000000",
  slackProvider: "prov_slack000000000000000",
  slackVault: "pcvt_slackdefault00000000",
  devtoolsIntegration: "int_devtools000000000000",
  chatIntegration: "int_chat0000000000000000",
};

export interface Variant {
  configName?: string;
  configValue?: Record<string, unknown>;
  toolKeys?: string[];
  deploymentId?: string;
  callbackName?: string;
  callbackDescription?: string;
  integrationProviderId?: string;
  roleName?: string;
  rolePermissions?: string[];
  roleSlug?: string;
  sessionName?: string;
  metadata?: Record<string, unknown>;
}

export const SECRET_CONFIG_VALUE = { base_url: "https://github.example.com/api/v3", timeout_seconds: 42 };

export function fullProgram(v: Variant = {}) {
  return async () => {
    const config = new tcs.ProviderConfig("github", {
      providerId: FIX.githubProvider,
      providerDeploymentId: v.deploymentId,
      name: v.configName ?? "GitHub for agents",
      value: v.configValue ?? SECRET_CONFIG_VALUE,
      toolFilters: v.toolKeys ? { type: "tool_keys", keys: v.toolKeys } : undefined,
      metadata: v.metadata ?? { owner: "platform" },
    });
    const callback = new tcs.Callback("events", {
      integrationProviderId: v.integrationProviderId ?? FIX.githubIntegrationProvider,
      name: v.callbackName ?? "GitHub events",
      description: v.callbackDescription,
      metadata: v.metadata ?? { owner: "platform" },
    });
    const instance = new tcs.CallbackInstance("attachment", {
      callbackId: callback.id,
      providerConfigId: config.id,
      providerAuthConfigId: FIX.githubOAuth,
    });
    const role = new tcs.Role("support", {
      name: v.roleName ?? "Support agents",
      slug: v.roleSlug ?? "support-agents",
      permissions: v.rolePermissions ?? ["thread_create", "thread_read"],
    });
    const session = new tcs.IntegrationSetupSession("onboarding", {
      integrationId: FIX.devtoolsIntegration,
      name: v.sessionName ?? "Connect developer tools",
      redirectUrl: "https://example.com/done",
    });
    return {
      configId: config.id,
      callbackId: callback.id,
      instanceId: instance.id,
      roleId: role.id,
      sessionId: session.id,
      sessionUrl: session.url,
      configValue: config.value,
    };
  };
}
