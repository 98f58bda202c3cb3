import { catalog } from "../fixtures/catalog";
import {
  DEPLOYMENT_STATUSES,
  renderDeployment,
  renderLogs,
  renderVersion,
  VERSION_STATUSES,
  type DeploymentDoc,
  type VersionDoc,
} from "../model/custom-providers";
import { matches } from "../query";
import type { EmulatorState, Route } from "../state";
import { commonFilters, found, listResponse, passesCommon } from "./shared";

function deploymentOr404(state: EmulatorState, env: string, id: string): DeploymentDoc {
  return found(state.store.get<DeploymentDoc>(env, "cp_deployment", id), "custom provider deployment", id);
}

export const customProviderRoutes: Route[] = [
  {
    method: "GET",
    path: "/custom-provider-deployments",
    handler: ({ query, env }, state) => {
      const common = commonFilters(query);
      const statuses = query.enumList("status", DEPLOYMENT_STATUSES);
      const versionIds = query.list("custom_provider_version_id");
      const customProviderIds = query.list("custom_provider_id");
      const rendered = state.store
        .list<DeploymentDoc>(env.id, "cp_deployment")
        .map((doc) => renderDeployment(state, doc));
      return listResponse(
        query,
        rendered,
        (d) =>
          passesCommon(d, common) &&
          matches(d.status, statuses) &&
          matches(d.custom_provider_version_id, versionIds) &&
          matches(d.custom_provider_id, customProviderIds),
        (d) => d,
      );
    },
  },
  {
    method: "GET",
    path: "/custom-provider-deployments/{custom_provider_deployment_id}",
    handler: ({ params, env }, state) =>
      renderDeployment(state, deploymentOr404(state, env.id, params.custom_provider_deployment_id)),
  },
  {
    method: "GET",
    path: "/custom-provider-deployments/{custom_provider_deployment_id}/logs",
    handler: ({ params, env }, state) =>
      renderLogs(state, deploymentOr404(state, env.id, params.custom_provider_deployment_id)),
  },
  {
    method: "GET",
    path: "/custom-provider-versions",
    handler: ({ query, env }, state) => {
      const common = commonFilters(query);
      const statuses = query.enumList("status", VERSION_STATUSES);
      const filters = {
        provider_id: query.list("provider_id"),
        custom_provider_id: query.list("custom_provider_id"),
        custom_provider_deployment_id: query.list("custom_provider_deployment_id"),
        custom_provider_environment_id: query.list("custom_provider_environment_id"),
      };
      // A provider version id selects the versions of the custom provider behind that provider.
      const providerVersionIds = query.list("provider_version_id");
      const providersOfVersions = providerVersionIds
        ?.map((id) => catalog.providerByVersion(id)?.id)
        .filter((id): id is string => id !== undefined);
      const rendered = state.store
        .list<VersionDoc>(env.id, "cp_version")
        .map((doc) => renderVersion(state, env.id, doc));
      return listResponse(
        query,
        rendered,
        (v) =>
          passesCommon(v, common) &&
          matches(v.status, statuses) &&
          (Object.keys(filters) as (keyof typeof filters)[]).every((field) => matches(v[field], filters[field])) &&
          matches(v.provider_id, providersOfVersions),
        (v) => v,
      );
    },
  },
];
