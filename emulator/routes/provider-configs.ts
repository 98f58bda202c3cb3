import { ApiError, errors, type FieldError } from "../errors";
import { catalog, CATALOG_CREATED_AT, type ProviderFixture } from "../fixtures/catalog";
import { newId, PREFIX } from "../ids";
import { validateJsonSchema } from "../jsonschema";
import { detachInstance, type CallbackInstanceDoc } from "../model/callbacks";
import { configVaultRecord, deploymentPreview } from "../model/catalog-records";
import { getConfig, renderConfig, type ProviderConfigDoc, type ToolFilter } from "../model/provider-configs";
import { matches } from "../query";
import type { EmulatorState, Route } from "../state";
import {
  checkBody,
  describedFields,
  idRef,
  plainObject,
  requireObjectBody,
  stringArray,
  str,
  throwIfProblems,
  validateBody,
  type Check,
} from "../validate";
import { commonFilters, found, listResponse, passesCommon } from "./shared";

const CONFIG_STATUSES = ["active", "archived"] as const;

/** Request `tool_filters`: `{type: "allow_all"}` or `{type: "tool_keys", keys: [...]}`. */
const toolFilters = (): Check => (value, path, problems) => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problems.push({ code: "invalid_type", message: "must be an object", path });
    return;
  }
  const filter = value as Record<string, unknown>;
  for (const key of Object.keys(filter)) {
    if (!["type", "keys", "ignore_parent_filters"].includes(key))
      problems.push({ code: "unknown_field", message: "is not a known field", path: [...path, key] });
  }
  if (filter.type !== "allow_all" && filter.type !== "tool_keys") {
    problems.push({ code: "invalid_value", message: "must be allow_all or tool_keys", path: [...path, "type"] });
  }
  if (filter.type === "tool_keys") {
    if (filter.keys === undefined)
      problems.push({ code: "required", message: "is required when type is tool_keys", path: [...path, "keys"] });
    else
      stringArray({ item: str({ min: 1, max: 255 }), unique: true, max: 500 })(
        filter.keys,
        [...path, "keys"],
        problems,
      );
  } else if (filter.keys !== undefined) {
    problems.push({
      code: "invalid_value",
      message: "is allowed only when type is tool_keys",
      path: [...path, "keys"],
    });
  }
  if (filter.ignore_parent_filters !== undefined && typeof filter.ignore_parent_filters !== "boolean") {
    problems.push({ code: "invalid_type", message: "must be a boolean", path: [...path, "ignore_parent_filters"] });
  }
};

function toRecordFilter(input: unknown): ToolFilter {
  const filter = (input ?? { type: "allow_all" }) as { type: string; keys?: string[]; ignore_parent_filters?: boolean };
  const ignore = filter.ignore_parent_filters ?? false;
  return filter.type === "tool_keys"
    ? { type: "tool_keys", keys: [...(filter.keys ?? [])], ignore_parent_filters: ignore }
    : { type: "allow_all", ignore_parent_filters: ignore };
}

function configOr404(state: EmulatorState, env: string, id: string): ProviderConfigDoc {
  return found(getConfig(state, env, id), "provider config", id);
}

export const providerConfigRoutes: Route[] = [
  {
    method: "GET",
    path: "/provider-configs",
    handler: ({ query, env }, state) => {
      const common = commonFilters(query);
      const statuses = query.enumList("status", CONFIG_STATUSES);
      const providerIds = query.list("provider_id");
      const specificationIds = query.list("provider_specification_id");
      const deploymentIds = query.list("provider_deployment_id");
      const vaultIds = query.list("provider_config_vault_id");
      const identity = {
        actor_id: query.list("actor_id"),
        consumer_id: query.list("consumer_id"),
        identity_id: query.list("identity_id"),
        identity_credential_id: query.list("identity_credential_id"),
      };
      const availableForUse = query.boolean("available_for_use");
      const availableForDeployment = query.string("available_for_provider_deployment_id");
      const search = query.string("search")?.toLowerCase();
      const all = state.store.list<ProviderConfigDoc>(env.id, "provider_config");
      return listResponse(
        query,
        all,
        (c) =>
          passesCommon(c, common) &&
          matches(c.status, statuses) &&
          matches(c.provider_id, providerIds) &&
          matches(c.specification_id, specificationIds) &&
          matches(c.deployment.id, deploymentIds) &&
          matches(c._vault_id, vaultIds) &&
          (Object.keys(identity) as (keyof typeof identity)[]).every((field) =>
            matches(c._identity[field], identity[field]),
          ) &&
          (availableForUse === undefined || availableForUse === (c._owner_integration_instance_id === null)) &&
          (availableForDeployment === undefined ||
            !c._deployment_locked ||
            c.deployment.id === availableForDeployment) &&
          (search === undefined || `${c.name ?? ""}\n${c.description ?? ""}`.toLowerCase().includes(search)),
        renderConfig,
      );
    },
  },
  {
    method: "GET",
    path: "/provider-configs/{provider_config_id}",
    handler: ({ params, env }, state) => renderConfig(configOr404(state, env.id, params.provider_config_id)),
  },
  {
    method: "POST",
    path: "/provider-configs",
    handler: ({ body, env }, state) => {
      const object = requireObjectBody(body);
      const problems = checkBody(object, {
        fields: {
          provider_id: { required: true, check: idRef() },
          provider_deployment_id: { nullable: true, check: idRef() },
          provider_config_vault_id: { nullable: true, check: idRef() },
          value: { check: plainObject() },
          tool_filters: { nullable: true, check: toolFilters() },
          ...describedFields(),
        },
      });
      throwIfProblems(problems);
      const provider = catalog.provider(object.provider_id as string);
      if (!provider) throwIfProblems([{ code: "not_found", message: "names no provider", path: ["provider_id"] }]);
      const p = provider!;
      const references: FieldError[] = [];
      let deploymentId = catalog.defaultDeployment(p).id;
      const requestedDeployment = object.provider_deployment_id as string | null | undefined;
      if (requestedDeployment != null) {
        if (!p.deployments.some((d) => d.id === requestedDeployment)) {
          references.push({
            code: "not_found",
            message: `names no deployment of provider ${p.id}`,
            path: ["provider_deployment_id"],
          });
        } else deploymentId = requestedDeployment;
      }
      const vaultId = (object.provider_config_vault_id as string | null | undefined) ?? null;
      const vault = vaultId === null ? undefined : p.config_vaults.find((v) => v.id === vaultId);
      if (vaultId !== null && !vault)
        references.push({
          code: "not_found",
          message: `names no config vault of provider ${p.id}`,
          path: ["provider_config_vault_id"],
        });
      const value = object.value as Record<string, unknown> | undefined;
      if (value === undefined && vaultId === null) {
        references.push({
          code: "required",
          message: "is required unless provider_config_vault_id is given",
          path: ["value"],
        });
      }
      throwIfProblems(references);
      // `value` overrides the vault's saved values; the result must satisfy the provider's schema.
      const merged = { ...(vault?.values ?? {}), ...(value ?? {}) };
      if (p.config_schema !== null) throwIfProblems(validateJsonSchema(p.config_schema, merged, ["value"]));
      const now = state.clock.iso();
      const doc: ProviderConfigDoc = {
        object: "provider.config",
        id: newId(PREFIX.providerConfig),
        status: "active",
        is_default: false,
        name: (object.name as string | null | undefined) ?? null,
        description: (object.description as string | null | undefined) ?? null,
        metadata: (object.metadata as Record<string, unknown> | null | undefined) ?? null,
        tool_filter: toRecordFilter(object.tool_filters),
        provider_id: p.id,
        specification_id: p.specification_id,
        deployment: deploymentPreview(p, deploymentId),
        from_vault: vault ? configVaultRecord(p, vault.id) : null,
        created_at: now,
        updated_at: now,
        _value: merged,
        _vault_id: vaultId,
        _deployment_locked: requestedDeployment != null,
        _owner_integration_instance_id: null,
        _identity: { actor_id: null, consumer_id: null, identity_id: null, identity_credential_id: null },
      };
      state.store.insert(env.id, "provider_config", doc);
      return renderConfig(doc);
    },
  },
  {
    method: "PATCH",
    path: "/provider-configs/{provider_config_id}",
    handler: ({ params, body, env }, state) => {
      const config = configOr404(state, env.id, params.provider_config_id);
      const input = validateBody(body, {
        fields: { ...describedFields(), tool_filters: { nullable: true, check: toolFilters() } },
        notUpdatable: [
          "provider_id",
          "provider_deployment_id",
          "provider_config_vault_id",
          "value",
          "status",
          "is_default",
          "id",
          "object",
          "specification_id",
        ],
      });
      const updated: ProviderConfigDoc = { ...config, updated_at: state.clock.iso() };
      if ("name" in input) updated.name = input.name as string | null;
      if ("description" in input) updated.description = input.description as string | null;
      if ("metadata" in input) updated.metadata = input.metadata as Record<string, unknown> | null;
      if ("tool_filters" in input) updated.tool_filter = toRecordFilter(input.tool_filters);
      state.store.update(env.id, "provider_config", updated);
      return renderConfig(updated);
    },
  },
  {
    method: "DELETE",
    path: "/provider-configs/{provider_config_id}",
    handler: ({ params, env }, state) => {
      const config = configOr404(state, env.id, params.provider_config_id);
      state.store.transaction(() => {
        // Callback instances cannot outlive their config: they are detached with it.
        for (const callback of state.store.list<{ id: string }>(env.id, "callback")) {
          for (const instance of state.store.list<CallbackInstanceDoc>(env.id, "callback_instance", callback.id)) {
            if (instance.status === "attached" && instance.config.id === config.id)
              detachInstance(state, env.id, instance);
          }
        }
        state.store.delete(env.id, "provider_config", config.id);
      });
      return { ...renderConfig(config), status: "deleted", updated_at: state.clock.iso() };
    },
  },
  {
    method: "GET",
    path: "/provider-config-schema",
    publishable: true,
    handler: ({ query, env }, state) => {
      const configId = query.string("provider_config_id");
      const deploymentId = query.string("provider_deployment_id");
      const versionId = query.string("provider_version_id");
      const providerId = query.string("provider_id");
      query.done();
      if ([configId, deploymentId, versionId, providerId].every((v) => v === undefined || v === "")) {
        throw new ApiError(
          "invalid_request",
          "Give at least one of provider_id, provider_config_id, provider_version_id, provider_deployment_id.",
          {
            errors: [
              { code: "required", message: "at least one of these parameters is required", path: ["provider_id"] },
            ],
          },
        );
      }
      // The most specific parameter decides; the others must agree with it.
      const candidates: { name: string; provider: ProviderFixture | undefined; id: string }[] = [];
      if (configId)
        candidates.push({
          name: "provider_config_id",
          id: configId,
          provider: catalog.provider(getConfig(state, env.id, configId)?.provider_id ?? ""),
        });
      if (deploymentId)
        candidates.push({
          name: "provider_deployment_id",
          id: deploymentId,
          provider: catalog.deployment(deploymentId)?.provider,
        });
      if (versionId)
        candidates.push({ name: "provider_version_id", id: versionId, provider: catalog.providerByVersion(versionId) });
      if (providerId) candidates.push({ name: "provider_id", id: providerId, provider: catalog.provider(providerId) });
      for (const candidate of candidates)
        if (!candidate.provider)
          throw errors.notFound(candidate.name.replace(/_id$/, "").replace(/_/g, " "), candidate.id);
      const provider = candidates[0].provider!;
      const disagreeing = candidates.find((c) => c.provider!.id !== provider.id);
      if (disagreeing) {
        throw errors.invalidRequest(`${disagreeing.name} belongs to another provider than ${candidates[0].name}.`, [
          {
            code: "invalid_value",
            message: `belongs to provider ${disagreeing.provider!.id}, not ${provider.id}`,
            path: [disagreeing.name],
          },
        ]);
      }
      return {
        object: "provider.capabilities.config.schema",
        schema: provider.config_schema === null ? null : { type: "json_schema", schema: provider.config_schema },
        visibility: provider.config_visibility,
        specification_id: provider.specification_id,
        provider_id: provider.id,
        created_at: CATALOG_CREATED_AT,
        updated_at: CATALOG_CREATED_AT,
      };
    },
  },
];
