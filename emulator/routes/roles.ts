import { errors } from "../errors";
import { PERMISSIONS } from "../fixtures/catalog";
import { newId, PREFIX } from "../ids";
import type { EmulatorState, Handler, Route } from "../state";
import {
  checkBody,
  description,
  name,
  requireObjectBody,
  stringArray,
  str,
  throwIfProblems,
  type BodyRules,
  type Check,
} from "../validate";
import { commonFilters, found, listResponse, passesCommon } from "./shared";

export interface RoleDoc {
  object: "role";
  id: string;
  name: string;
  slug: string;
  description: string;
  isDefault: boolean;
  permissions: string[];
  created_at: string;
  updated_at: string;
}

const SLUG = /^[a-z0-9]+([-_][a-z0-9]+)*$/;

const knownPermission: Check = (value, path, problems) => {
  if (!(PERMISSIONS as readonly string[]).includes(value as string)) {
    problems.push({
      code: "invalid_value",
      message: `is not a permission of this account (known: ${PERMISSIONS.join(", ")})`,
      path,
    });
  }
};

// Create and update take the same fields: PUT (and POST to /roles/{id}) replaces the role whole.
const ROLE_BODY: BodyRules = {
  fields: {
    name: { required: true, check: name({ min: 1 }) },
    slug: {
      required: true,
      check: str({
        min: 1,
        max: 64,
        pattern: SLUG,
        patternHint: "must be lowercase letters and digits, words joined by - or _",
      }),
    },
    description: { nullable: true, check: description() },
    permissions: { required: true, check: stringArray({ item: knownPermission, unique: true, max: 200 }) },
  },
  notUpdatable: ["id", "object", "isDefault", "is_default", "created_at", "updated_at"],
};

function readRoleBody(body: unknown) {
  const object = requireObjectBody(body);
  throwIfProblems(checkBody(object, ROLE_BODY));
  return {
    name: object.name as string,
    slug: object.slug as string,
    description: (object.description as string | null | undefined) ?? "",
    permissions: object.permissions as string[],
  };
}

function assertSlugFree(state: EmulatorState, env: string, slug: string, exceptId?: string): void {
  const holder = state.store.list<RoleDoc>(env, "role").find((role) => role.slug === slug && role.id !== exceptId);
  if (holder)
    throw errors.alreadyExists(
      `A role with slug ${JSON.stringify(slug)} already exists.`,
      holder.id,
      `slug ${JSON.stringify(slug)}`,
      ["slug"],
    );
}

const updateRole: Handler = ({ params, body, env }, state) => {
  const role = found(state.store.get<RoleDoc>(env.id, "role", params.roleId), "role", params.roleId);
  const input = readRoleBody(body);
  if (role.isDefault)
    throw errors.invalidAction(
      `Role ${role.id} is a default role of the account and cannot be changed.`,
      "Create a custom role instead.",
    );
  assertSlugFree(state, env.id, input.slug, role.id);
  const updated: RoleDoc = { ...role, ...input, updated_at: state.clock.iso() };
  state.store.update(env.id, "role", updated);
  return updated;
};

export const roleRoutes: Route[] = [
  {
    method: "GET",
    path: "/roles",
    handler: ({ query, env }, state) => {
      const common = commonFilters(query);
      const slugs = query.list("slug");
      return listResponse(
        query,
        state.store.list<RoleDoc>(env.id, "role"),
        (role) => passesCommon(role, common) && (slugs === undefined || slugs.includes(role.slug)),
        (role) => role,
      );
    },
  },
  {
    method: "GET",
    path: "/roles/{roleId}",
    handler: ({ params, env }, state) =>
      found(state.store.get<RoleDoc>(env.id, "role", params.roleId), "role", params.roleId),
  },
  {
    method: "POST",
    path: "/roles",
    handler: ({ body, env }, state) => {
      const input = readRoleBody(body);
      assertSlugFree(state, env.id, input.slug);
      const now = state.clock.iso();
      const role: RoleDoc = {
        object: "role",
        id: newId(PREFIX.role),
        ...input,
        isDefault: false,
        created_at: now,
        updated_at: now,
      };
      state.store.insert(env.id, "role", role);
      return role;
    },
  },
  { method: "PUT", path: "/roles/{roleId}", handler: updateRole },
  // The spec's sample update uses POST; the service accepts both.
  { method: "POST", path: "/roles/{roleId}", handler: updateRole },
];
