import { catalog } from "../fixtures/catalog";
import type { EmulatorState } from "../state";
import { wire } from "../state";
import { configVaultRecord, deploymentPreview } from "./catalog-records";

export type ToolFilter =
  | { type: "allow_all"; ignore_parent_filters: boolean }
  | { type: "tool_keys"; keys: string[]; ignore_parent_filters: boolean };

export interface ProviderConfigDoc {
  object: "provider.config";
  id: string;
  status: "active" | "archived";
  is_default: boolean;
  name: string | null;
  description: string | null;
  metadata: Record<string, unknown> | null;
  tool_filter: ToolFilter;
  provider_id: string;
  specification_id: string;
  deployment: ReturnType<typeof deploymentPreview>;
  from_vault: unknown;
  created_at: string;
  updated_at: string;
  // Internal: never on the wire.
  _value: Record<string, unknown>;
  _vault_id: string | null;
  /** True when the deployment was chosen explicitly: the config is locked to it. */
  _deployment_locked: boolean;
  /** Set when an integration instance provider owns the config (then not `available_for_use`). */
  _owner_integration_instance_id: string | null;
  _identity: {
    actor_id: string | null;
    consumer_id: string | null;
    identity_id: string | null;
    identity_credential_id: string | null;
  };
}

export function getConfig(state: EmulatorState, env: string, id: string): ProviderConfigDoc | undefined {
  return state.store.get<ProviderConfigDoc>(env, "provider_config", id);
}

/**
 * The config as the service sends it: the spec's fields and those its own client declares. The
 * deployment and vault previews are drawn from the catalog at each answer (a database written by an
 * earlier emulator gets today's shapes too); a config made from values alone has `from_vault: null`.
 */
export function renderConfig(doc: ProviderConfigDoc) {
  const provider = catalog.provider(doc.provider_id);
  if (!provider) return wire(doc);
  return {
    ...wire(doc),
    deployment: deploymentPreview(provider, doc.deployment.id),
    from_vault: doc._vault_id === null ? null : configVaultRecord(provider, doc._vault_id),
  };
}

/** The preview of a config embedded in a callback instance. */
export function configPreview(doc: ProviderConfigDoc) {
  return {
    object: "provider.config#preview",
    id: doc.id,
    name: doc.name,
    description: doc.description,
    metadata: doc.metadata,
    provider_id: doc.provider_id,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
