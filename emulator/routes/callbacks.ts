import { errors, type FieldError } from "../errors";
import { catalog } from "../fixtures/catalog";
import { newId, PREFIX } from "../ids";
import {
  attachInstance,
  CALLBACK_STATUSES,
  detachAllInstances,
  detachInstance,
  getCallback,
  INSTANCE_STATUSES,
  renderEvent,
  renderInstance,
  type CallbackDoc,
  type CallbackEventDoc,
  type CallbackInstanceDoc,
} from "../model/callbacks";
import { getConfig } from "../model/provider-configs";
import { matches } from "../query";
import type { EmulatorState, Route } from "../state";
import { checkBody, describedFields, idRef, requireObjectBody, throwIfProblems, validateBody } from "../validate";
import { commonFilters, found, listResponse, passesCommon } from "./shared";

const UPDATABLE = ["name", "description", "metadata"] as const;

function callbackOr404(state: EmulatorState, env: string, id: string): CallbackDoc {
  return found(getCallback(state, env, id), "callback", id);
}

export const callbackRoutes: Route[] = [
  {
    method: "GET",
    path: "/callbacks",
    handler: ({ query, env }, state) => {
      const common = commonFilters(query);
      const integrationIds = query.list("integration_id");
      const integrationProviderIds = query.list("integration_provider_id");
      const providerIds = query.list("provider_id");
      const statuses = query.enumList("status", CALLBACK_STATUSES);
      const all = state.store.list<CallbackDoc>(env.id, "callback");
      return listResponse(
        query,
        all,
        (cb) =>
          passesCommon(cb, common) &&
          matches(cb.integration_id, integrationIds) &&
          matches(cb.integration_provider_id, integrationProviderIds) &&
          matches(cb.provider_id, providerIds) &&
          // A deleted callback is listed only when the status filter asks for it.
          (statuses === undefined ? cb.status !== "deleted" : statuses.includes(cb.status)),
        (cb) => cb,
      );
    },
  },
  {
    method: "POST",
    path: "/callbacks",
    handler: ({ body, env }, state) => {
      const input = validateBody(body, {
        fields: { integration_provider_id: { required: true, check: idRef() }, ...describedFields() },
      });
      const integrationProviderId = input.integration_provider_id as string;
      const integrationProvider = catalog.integrationProvider(integrationProviderId);
      if (!integrationProvider) {
        throwIfProblems([
          {
            code: "not_found",
            message: `names no integration provider (${integrationProviderId.slice(0, 60)})`,
            path: ["integration_provider_id"],
          },
        ]);
      }
      const ip = integrationProvider!;
      const provider = catalog.provider(ip.provider_id)!;
      if (provider.triggers_status !== "enabled" || !ip.triggers_enabled) {
        throw errors.callbacksNotSupported(provider.name);
      }
      const existing = state.store
        .list<CallbackDoc>(env.id, "callback")
        .find((cb) => cb.integration_provider_id === ip.id && cb.status === "active");
      if (existing) {
        throw errors.alreadyExists(
          `An active callback already exists for integration provider ${ip.id}.`,
          existing.id,
          "this integration provider",
          ["integration_provider_id"],
        );
      }
      const now = state.clock.iso();
      const doc: CallbackDoc = {
        object: "callback",
        id: newId(PREFIX.callback),
        status: "active",
        name: (input.name as string | null | undefined) ?? null,
        description: (input.description as string | null | undefined) ?? null,
        metadata: (input.metadata as Record<string, unknown> | null | undefined) ?? null,
        integration_id: ip.integration_id,
        integration_provider_id: ip.id,
        provider_id: ip.provider_id,
        created_at: now,
        updated_at: now,
      };
      state.store.transaction(() => {
        state.store.insert(env.id, "callback", doc);
        // The service registers the callback against matching integration instances in the background.
        state.schedule(env.id, "register_instances", doc.id, state.clock.now() + state.timing.instanceRegistrationMs);
      });
      return doc;
    },
  },
  {
    method: "GET",
    path: "/callbacks/{callback_id}",
    handler: ({ params, env }, state) => callbackOr404(state, env.id, params.callback_id),
  },
  {
    method: "PATCH",
    path: "/callbacks/{callback_id}",
    handler: ({ params, body, env }, state) => {
      const callback = callbackOr404(state, env.id, params.callback_id);
      const input = validateBody(body, {
        fields: describedFields(),
        notUpdatable: [
          "integration_provider_id",
          "integration_id",
          "provider_id",
          "status",
          "id",
          "object",
          "created_at",
          "updated_at",
        ],
      });
      if (callback.status === "deleted")
        throw errors.invalidAction(`Callback ${callback.id} is deleted and cannot be changed.`);
      const updated: CallbackDoc = { ...callback, updated_at: state.clock.iso() };
      for (const field of UPDATABLE)
        if (field in input) (updated as unknown as Record<string, unknown>)[field] = input[field];
      state.store.update(env.id, "callback", updated);
      return updated;
    },
  },
  {
    method: "DELETE",
    path: "/callbacks/{callback_id}",
    handler: ({ params, env }, state) => {
      const callback = callbackOr404(state, env.id, params.callback_id);
      if (callback.status === "deleted") return callback;
      const deleted: CallbackDoc = { ...callback, status: "deleted", updated_at: state.clock.iso() };
      state.store.transaction(() => {
        state.store.update(env.id, "callback", deleted);
        state.store.deleteJobsFor(env.id, callback.id);
        detachAllInstances(state, env.id, callback.id);
      });
      return deleted;
    },
  },

  // ---- instances ----
  {
    method: "GET",
    path: "/callbacks/{callback_id}/instances",
    handler: ({ params, query, env }, state) => {
      callbackOr404(state, env.id, params.callback_id);
      const common = commonFilters(query);
      const statuses = query.enumList("status", INSTANCE_STATUSES);
      const configIds = query.list("provider_config_id");
      const authConfigIds = query.list("provider_auth_config_id");
      const all = state.store.list<CallbackInstanceDoc>(env.id, "callback_instance", params.callback_id);
      return listResponse(
        query,
        all,
        (i) =>
          passesCommon(i, common) &&
          matches(i.status, statuses) &&
          matches(i.config.id, configIds) &&
          matches(i.auth_config?.id, authConfigIds),
        (i) => renderInstance(state, i),
      );
    },
  },
  {
    method: "GET",
    path: "/callbacks/{callback_id}/instances/{callback_instance_id}",
    handler: ({ params, env }, state) =>
      renderInstance(state, instanceOr404(state, env.id, params.callback_id, params.callback_instance_id)),
  },
  {
    method: "POST",
    path: "/callbacks/{callback_id}/instances",
    handler: ({ params, body, env }, state) => {
      const callback = callbackOr404(state, env.id, params.callback_id);
      const object = requireObjectBody(body);
      const problems = checkBody(object, {
        fields: {
          provider_config_id: { required: true, check: idRef() },
          provider_auth_config_id: { nullable: true, check: idRef() },
        },
      });
      throwIfProblems(problems);
      const configId = object.provider_config_id as string;
      const authConfigId = (object.provider_auth_config_id as string | null | undefined) ?? null;
      const referenceProblems: FieldError[] = [];
      const config = getConfig(state, env.id, configId);
      if (!config)
        referenceProblems.push({
          code: "not_found",
          message: "names no provider config of this environment",
          path: ["provider_config_id"],
        });
      else if (config.provider_id !== callback.provider_id) {
        referenceProblems.push({
          code: "invalid_value",
          message: `must be a config of the callback's provider ${callback.provider_id}`,
          path: ["provider_config_id"],
        });
      } else if (config.status !== "active")
        referenceProblems.push({
          code: "invalid_value",
          message: "must be an active config",
          path: ["provider_config_id"],
        });
      if (authConfigId !== null) {
        const found = catalog.authConfig(authConfigId);
        if (!found)
          referenceProblems.push({
            code: "not_found",
            message: "names no provider auth config",
            path: ["provider_auth_config_id"],
          });
        else if (found.provider.id !== callback.provider_id) {
          referenceProblems.push({
            code: "invalid_value",
            message: `must be an auth config of the callback's provider ${callback.provider_id}`,
            path: ["provider_auth_config_id"],
          });
        }
      }
      throwIfProblems(referenceProblems);
      if (callback.status !== "active")
        throw errors.invalidAction(
          `Callback ${callback.id} is ${callback.status}; instances can be attached to active callbacks only.`,
        );
      const duplicate = state.store
        .list<CallbackInstanceDoc>(env.id, "callback_instance", callback.id)
        .find(
          (i) => i.status === "attached" && i.config.id === configId && (i.auth_config?.id ?? null) === authConfigId,
        );
      if (duplicate) {
        throw errors.alreadyExists(
          "This callback is already attached to that provider config and auth config.",
          duplicate.id,
          "this callback, config and auth config",
          ["provider_config_id"],
        );
      }
      return renderInstance(
        state,
        state.store.transaction(() => attachInstance(state, env.id, callback, config!, authConfigId)),
      );
    },
  },
  {
    method: "DELETE",
    path: "/callbacks/{callback_id}/instances/{callback_instance_id}",
    handler: ({ params, env }, state) => {
      const instance = instanceOr404(state, env.id, params.callback_id, params.callback_instance_id);
      return renderInstance(
        state,
        state.store.transaction(() => detachInstance(state, env.id, instance)),
      );
    },
  },

  // ---- events (read-only) ----
  {
    method: "GET",
    path: "/callbacks/{callback_id}/events",
    handler: ({ params, query, env }, state) => {
      callbackOr404(state, env.id, params.callback_id);
      const ids = query.list("id");
      const types = query.list("type");
      const sourceIds = query.list("source_id");
      const all = state.store.list<CallbackEventDoc>(env.id, "callback_event", params.callback_id);
      return listResponse(
        query,
        all,
        (e) => matches(e.id, ids) && matches(e.type, types) && matches(e.source_id, sourceIds),
        (e) => renderEvent(state, e),
      );
    },
  },
  {
    method: "GET",
    path: "/callbacks/{callback_id}/events/{callback_event_id}",
    handler: ({ params, env }, state) => {
      callbackOr404(state, env.id, params.callback_id);
      const event = state.store.get<CallbackEventDoc>(env.id, "callback_event", params.callback_event_id);
      if (!event || event.callback_id !== params.callback_id)
        throw errors.notFound("callback event", params.callback_event_id);
      return renderEvent(state, event);
    },
  },
];

function instanceOr404(state: EmulatorState, env: string, callbackId: string, instanceId: string): CallbackInstanceDoc {
  callbackOr404(state, env, callbackId);
  const instance = state.store.get<CallbackInstanceDoc>(env, "callback_instance", instanceId);
  if (!instance || instance.callback_id !== callbackId) throw errors.notFound("callback instance", instanceId);
  return instance;
}
