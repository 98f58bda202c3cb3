import { CATALOG_CREATED_AT, type ProviderFixture, type TriggerFixture } from "../fixtures/catalog";

/** Wire shapes of the read-only catalog records as they appear embedded in other records. */

/** Every deployment preview carries `is_default`, as the service's own client declares it. */
export function deploymentPreview(provider: ProviderFixture, deploymentId: string) {
  const deployment = provider.deployments.find((d) => d.id === deploymentId) ?? provider.deployments[0];
  return {
    object: "provider.deployment#preview",
    id: deployment.id,
    is_default: deployment.is_default,
    name: deployment.name,
    description: deployment.description,
    metadata: null,
    provider_id: provider.id,
    created_at: CATALOG_CREATED_AT,
    updated_at: CATALOG_CREATED_AT,
  };
}

export function authConfigPreview(provider: ProviderFixture, authConfigId: string) {
  const authConfig = provider.auth_configs.find((a) => a.id === authConfigId);
  if (!authConfig) return null;
  return {
    object: "provider.auth_config#preview",
    id: authConfig.id,
    name: authConfig.name,
    description: authConfig.description,
    metadata: null,
    provider_id: provider.id,
    created_at: CATALOG_CREATED_AT,
    updated_at: CATALOG_CREATED_AT,
  };
}

export function configVaultRecord(provider: ProviderFixture, vaultId: string) {
  const vault = provider.config_vaults.find((v) => v.id === vaultId);
  if (!vault) return null;
  return {
    object: "provider.config_vault",
    id: vault.id,
    status: "active",
    name: vault.name,
    description: vault.description,
    metadata: null,
    provider_id: provider.id,
    deployment: deploymentPreview(provider, vault.deployment_id),
    created_at: CATALOG_CREATED_AT,
    updated_at: CATALOG_CREATED_AT,
  };
}

export function providerTriggerRecord(provider: ProviderFixture, trigger: TriggerFixture) {
  return {
    object: "provider.capabilities.trigger",
    id: trigger.id,
    key: trigger.key,
    name: trigger.name,
    description: trigger.description,
    input_schema: { type: "json_schema", schema: trigger.input_schema },
    output_schema: { type: "json_schema", schema: trigger.output_schema },
    invocation: { type: trigger.invocation.type, interval_seconds: trigger.invocation.interval_seconds },
    provider_id: provider.id,
    provider_specification_id: provider.specification_id,
    created_at: CATALOG_CREATED_AT,
    updated_at: CATALOG_CREATED_AT,
  };
}
