// tcs.Role: its fields are declared in shapes/role.ts.
import * as pulumi from "@pulumi/pulumi";
import { role } from "../shapes/role";
import type { ResourceArgs, ResourceOutputs } from "../shapes/shape";
import type { RoleFieldDocs } from "./field-docs";
import { quietTraces, registration, withProgramTrace } from "./tcs-resource";

type Fields = typeof role.fields;

export interface RoleArgs extends ResourceArgs<Fields, RoleFieldDocs> {}
export interface Role extends ResourceOutputs<Fields, RoleFieldDocs> {}

/** A role of the account. The API has no delete: destroy leaves the role in the account, with a warning. */
export class Role extends pulumi.CustomResource {
  constructor(name: string, args: RoleArgs, opts?: pulumi.CustomResourceOptions) {
    const { type, props, options } = registration(role, name, args, opts);
    const limit = quietTraces();
    try {
      super(type, name, props, options);
    } catch (error) {
      throw withProgramTrace(error, limit, new.target);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}
