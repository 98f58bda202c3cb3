// tcs.Role: its fields are declared in shapes/role.ts.
import type * as pulumi from "@pulumi/pulumi";
import { role } from "../shapes/role";
import type { ResourceArgs, ResourceOutputs } from "../shapes/shape";
import { TcsResource } from "./tcs-resource";

type Fields = typeof role.fields;

export interface RoleArgs extends ResourceArgs<Fields> {}
export interface Role extends ResourceOutputs<Fields> {}

/** A role of the account. The API has no delete: destroy leaves the role in the account, with a warning. */
export class Role extends TcsResource {
  constructor(name: string, args: RoleArgs, opts?: pulumi.CustomResourceOptions) {
    super(role, name, args, opts);
  }
}
