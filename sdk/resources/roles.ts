import { listEnvelope, PagePromise, withAfter } from "../core/pagination";
import type { RequestOptions } from "../core/options";
import type { ListParams, OneOrMany } from "../schemas/common";
import { RoleSchema, type Role } from "../schemas/roles";
import { pathId, Resource } from "./resource";

export interface RoleCreateParams {
  name: string;
  /** `^[a-z0-9]+([-_][a-z0-9]+)*$`, at most 64 characters, unique per account. */
  slug: string;
  description?: string;
  /** Values from the account's permission catalog, e.g. `thread_create`. */
  permissions: string[];
}

/** A full replacement (PUT): every field but description is required. */
export interface RoleUpdateParams {
  name: string;
  slug: string;
  description?: string;
  permissions: string[];
}

export interface RoleListParams extends ListParams {
  id?: OneOrMany;
  slug?: OneOrMany;
}

const RoleListSchema = listEnvelope(RoleSchema);

/** Roles have no delete endpoint; default roles cannot be changed. */
export class Roles extends Resource {
  create(params: RoleCreateParams, opts?: RequestOptions): Promise<Role> {
    return this.core.request({ method: "POST", path: "/roles", body: params, schema: RoleSchema, what: "role" }, opts);
  }

  retrieve(id: string, opts?: RequestOptions): Promise<Role> {
    return this.core.request({ method: "GET", path: `/roles/${pathId(id, "role id")}`, schema: RoleSchema, what: "role" }, opts);
  }

  update(id: string, params: RoleUpdateParams, opts?: RequestOptions): Promise<Role> {
    return this.core.request({ method: "PUT", path: `/roles/${pathId(id, "role id")}`, body: params, schema: RoleSchema, what: "role" }, opts);
  }

  list(params: RoleListParams = {}, opts?: RequestOptions): PagePromise<Role> {
    return new PagePromise((after) =>
      this.core.request({ method: "GET", path: "/roles", query: withAfter(params, after), schema: RoleListSchema, what: "list of roles" }, opts),
    );
  }
}
