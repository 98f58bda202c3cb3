// Validates a provider config's `value` against the live JSON schema of its deployment at preview,
// so a bad value fails `pulumi preview` with the exact path instead of failing `up` halfway.
// Schemas are fetched once per deployment per process, and the validator is loaded with the first
// one: a preview whose values did not change checks none and loads neither.
import type Ajv from "ajv";
import type { ErrorObject } from "ajv";
import type { ToolConnectivityClient } from "../../sdk";
import type { CheckFailure } from "../shapes/shape";

let validator: Promise<Ajv> | undefined;

function ajv(): Promise<Ajv> {
  validator ??= (async () => {
    const [{ default: Ajv }, { default: addFormats }] = await Promise.all([import("ajv"), import("ajv-formats")]);
    const instance = new Ajv({ allErrors: true, strict: false });
    addFormats(instance);
    return instance;
  })();
  return validator;
}

const schemas = new Map<string, Promise<Record<string, unknown> | null>>();

function liveSchema(client: ToolConnectivityClient, providerId: string, deploymentId: string | undefined) {
  const key = deploymentId ?? `default-of:${providerId}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = client.providerConfigSchema
      .retrieve(deploymentId ? { providerDeploymentId: deploymentId } : { providerId })
      .then((found) => (found.schema?.schema as Record<string, unknown> | undefined) ?? null);
    schema.catch(() => schemas.delete(key));
    schemas.set(key, schema);
  }
  return schema;
}

function failureFor(error: ErrorObject): CheckFailure {
  const path = error.instancePath.split("/").filter(Boolean);
  if (error.keyword === "required") path.push(String(error.params.missingProperty));
  if (error.keyword === "additionalProperties") path.push(String(error.params.additionalProperty));
  const property = ["value", ...path].join(".");
  const reason =
    error.keyword === "additionalProperties"
      ? "is not a setting of this provider's config schema; remove it"
      : error.keyword === "required"
        ? "is required by this provider's config schema"
        : `${error.message ?? "is invalid"} (config schema of the deployment)`;
  return { property, reason };
}

export async function checkConfigValue(
  client: ToolConnectivityClient,
  providerId: string,
  deploymentId: string | undefined,
  value: Record<string, unknown>,
  options: { partial?: boolean } = {},
): Promise<CheckFailure[]> {
  const schema = await liveSchema(client, providerId, deploymentId);
  if (!schema) return [];
  const validate = (await ajv()).compile(schema);
  if (validate(value)) return [];
  // `partial`: the value overrides a config vault's settings, which may supply what it leaves out.
  const errors = (validate.errors ?? []).filter((error) => !(options.partial && error.keyword === "required"));
  return errors.map(failureFor);
}
