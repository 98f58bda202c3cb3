import { catalog } from "../fixtures/catalog";
import type { IntegrationInstanceDoc } from "../fixtures/seed";
import { newId, newToken, PREFIX } from "../ids";
import {
  effectiveStatus,
  renderSession,
  SETUP_PATH,
  SETUP_STATUSES,
  type SetupSessionDoc,
} from "../model/setup-sessions";
import { matches, parseDateTime } from "../query";
import type { Route } from "../state";
import {
  checkBody,
  describedFields,
  idRef,
  name,
  plainObject,
  requireObjectBody,
  str,
  throwIfProblems,
} from "../validate";
import { commonFilters, found, listResponse, passesCommon } from "./shared";

const DAY_MS = 86_400_000;
const DEFAULT_LIFETIME_MS = DAY_MS;
const MAX_LIFETIME_MS = 7 * DAY_MS;

export const setupSessionRoutes: Route[] = [
  {
    method: "GET",
    path: "/integration-setup-sessions",
    handler: ({ query, env }, state) => {
      const common = commonFilters(query);
      const statuses = query.enumList("status", SETUP_STATUSES);
      const integrationIds = query.list("integration_id");
      const instanceIds = query.list("integration_instance_id");
      return listResponse(
        query,
        state.store.list<SetupSessionDoc>(env.id, "setup_session"),
        (s) =>
          passesCommon(s, common) &&
          matches(effectiveStatus(state, s), statuses) &&
          matches(s.integration_id, integrationIds) &&
          matches(s.integration_instance_id, instanceIds),
        (s) => renderSession(state, env.id, s),
      );
    },
  },
  {
    method: "GET",
    path: "/integration-setup-sessions/{integration_setup_session_id}",
    handler: ({ params, env }, state) => {
      const id = params.integration_setup_session_id;
      return renderSession(
        state,
        env.id,
        found(state.store.get<SetupSessionDoc>(env.id, "setup_session", id), "integration setup session", id),
      );
    },
  },
  {
    method: "POST",
    path: "/integration-setup-sessions",
    handler: ({ body, env }, state) => {
      const object = requireObjectBody(body);
      const problems = checkBody(object, {
        fields: {
          ...describedFields(),
          integration_id: { required: true, check: idRef() },
          name: { required: true, check: name({ min: 1 }) },
          identity_actor_id: { nullable: true, check: idRef() },
          identity_id: { nullable: true, check: idRef() },
          expires_at: { check: str({ format: "date-time" }) },
          redirect_url: { check: str({ max: 2048, format: "uri" }) },
          configuration: { nullable: true, check: plainObject() },
        },
      });
      const now = state.clock.now();
      if (
        typeof object.integration_id === "string" &&
        object.integration_id.length <= 255 &&
        !catalog.integration(object.integration_id)
      ) {
        problems.push({ code: "not_found", message: "names no integration", path: ["integration_id"] });
      }
      let expiresAt = now + DEFAULT_LIFETIME_MS;
      const requested = parseDateTime(object.expires_at);
      if (requested !== undefined) {
        if (requested <= now)
          problems.push({ code: "invalid_value", message: "must be in the future", path: ["expires_at"] });
        else if (requested > now + MAX_LIFETIME_MS)
          problems.push({ code: "invalid_value", message: "must be at most 7 days ahead", path: ["expires_at"] });
        else expiresAt = requested;
      }
      if (object.configuration != null && JSON.stringify(object.configuration).length > 20_000) {
        problems.push({
          code: "too_long",
          message: "must serialize to at most 20000 characters of JSON",
          path: ["configuration"],
        });
      }
      throwIfProblems(problems);
      const created = state.clock.iso(now);
      const instance: IntegrationInstanceDoc = {
        object: "integration.instance",
        id: newId(PREFIX.integrationInstance),
        status: "draft",
        integration_id: object.integration_id as string,
        created_at: created,
        updated_at: created,
        _providers: [],
      };
      const token = newToken();
      const doc: SetupSessionDoc = {
        object: "integration.setup_session",
        id: newId(PREFIX.setupSession),
        status: "pending",
        url: SETUP_PATH + token,
        name: object.name as string,
        description: (object.description as string | null | undefined) ?? null,
        metadata: (object.metadata as Record<string, unknown> | null | undefined) ?? null,
        configuration: (object.configuration as Record<string, unknown> | null | undefined) ?? null,
        redirect_url: (object.redirect_url as string | undefined) ?? null,
        integration_id: instance.integration_id,
        integration_instance_id: instance.id,
        created_at: created,
        updated_at: created,
        expires_at: state.clock.iso(expiresAt),
        _identity_actor_id: (object.identity_actor_id as string | null | undefined) ?? null,
        _identity_id: (object.identity_id as string | null | undefined) ?? null,
      };
      state.store.transaction(() => {
        state.store.insert(env.id, "integration_instance", instance);
        state.store.insert(env.id, "setup_session", doc);
        state.store.putToken(token, { env: env.id, kind: "setup_session", ref: doc.id, extra: null });
      });
      return renderSession(state, env.id, doc);
    },
  },
];
