// tcs.IntegrationSetupSession: its fields are declared in shapes/integration-setup-session.ts.
import * as pulumi from "@pulumi/pulumi";
import { integrationSetupSession } from "../shapes/integration-setup-session";
import type { ResourceArgs, ResourceOutputs } from "../shapes/shape";
import type { IntegrationSetupSessionFieldDocs } from "./field-docs";
import { quietTraces, registration, withProgramTrace } from "./tcs-resource";

type Fields = typeof integrationSetupSession.fields;

export interface IntegrationSetupSessionArgs extends ResourceArgs<Fields, IntegrationSetupSessionFieldDocs> {}
export interface IntegrationSetupSession extends ResourceOutputs<Fields, IntegrationSetupSessionFieldDocs> {}

/** A setup session for an integration. `url` is secret. The API has no delete: destroy forgets it, with a warning. */
export class IntegrationSetupSession extends pulumi.CustomResource {
  constructor(name: string, args: IntegrationSetupSessionArgs, opts?: pulumi.CustomResourceOptions) {
    const { type, props, options } = registration(integrationSetupSession, name, args, opts);
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
