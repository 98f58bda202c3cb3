// The Pulumi package schema of the tcs plugin (provider/native/schema.json), derived from the shapes,
// the lookups and the SDK's records by codegen/schema: the committed file is what they give (a shape
// changed without `npm run gen-schema` fails here, naming what differs); what it says of each
// resource is what the shape declares; and it keeps Pulumi's rules for a schema as far as they can be
// checked without the CLI (the metaschema's kinds of type, tokens, references that resolve).
import { SECRET_SETTINGS, SETTING_NAMES } from "../../../provider/settings";
import { RESOURCE_KINDS, SHAPES } from "../../../provider/shapes";
import type { Field } from "../../../provider/shapes/shape";
import { RoleSchema } from "../../../sdk/schemas/roles";
import { CustomProviderDeploymentSchema } from "../../../sdk/schemas/custom-providers";
import { deriveSchema } from "../../../codegen/schema/derive";
import { LIST_PROPERTY } from "../../../codegen/schema/functions";
import type { PackageSchema, PropertySpec, TypeSpec } from "../../../codegen/schema/pulumi-types";
import { canonicalText, SCHEMA_FILE, staleness } from "../../../codegen/schema/schema-file";

let schema: PackageSchema;
beforeAll(() => {
  schema = deriveSchema();
});

const fieldsOf = (kind: (typeof RESOURCE_KINDS)[number]) => Object.entries(SHAPES[kind].fields) as [string, Field][];
const resourceOf = (kind: string) => schema.resources[`tcs:index:${kind}`];

describe("the committed schema", () => {
  it("is what the shapes, lookups and SDK records give (after changing them, run npm run gen-schema)", () => {
    const differences = staleness(schema);
    if (differences.length > 0)
      throw new Error(`${SCHEMA_FILE} is stale: run npm run gen-schema. It differs at:\n${differences.join("\n")}`);
  });

  it("carries no version (the plugin adds its own at GetSchema), and the release page as the plugin's download URL", () => {
    expect(schema).not.toHaveProperty("version");
    expect(schema).toHaveProperty("pluginDownloadURL", "github://api.github.com/pulumi-tcs/pulumi-tcs");
    expect(schema).toMatchObject({
      name: "tcs",
      displayName: "Tool Connectivity Service",
      license: "Apache-2.0",
      publisher: "pulumi-tcs",
    });
  });

  it("derives the same content, in the same order, every time", () => {
    expect(canonicalText(deriveSchema())).toBe(canonicalText(schema));
  });
});

describe("resources, as their shapes declare them", () => {
  it("has one resource per kind, under its token, and nothing else", () => {
    expect(Object.keys(schema.resources)).toEqual(RESOURCE_KINDS.map((kind) => `tcs:index:${kind}`));
  });

  it.each(RESOURCE_KINDS)(
    "%s: every input and setting is an input property, every field a property, and adoptId both",
    (kind) => {
      const resource = resourceOf(kind);
      const inputs = fieldsOf(kind)
        .filter(([, field]) => field.role !== "output")
        .map(([name]) => name);
      expect(Object.keys(resource.inputProperties)).toEqual([...inputs, "adoptId"]);
      expect(Object.keys(resource.properties)).toEqual([...Object.keys(SHAPES[kind].fields), "adoptId"]);
      expect(resource.description).toMatch(/\S/);
    },
  );

  it.each(RESOURCE_KINDS)(
    "%s: the required inputs are the fields whose presence is required, and nothing more is promised",
    (kind) => {
      const requiredFields = fieldsOf(kind)
        .filter(([, field]) => field.role === "input" && field.presence === "required")
        .map(([name]) => name);
      expect(resourceOf(kind).requiredInputs ?? []).toEqual(requiredFields);
      expect(resourceOf(kind).required ?? []).toEqual(requiredFields);
    },
  );

  it.each(RESOURCE_KINDS)("%s: secret and replaceOnChanges exactly where the shape says, on both sides", (kind) => {
    const resource = resourceOf(kind);
    for (const [name, field] of fieldsOf(kind)) {
      const secret = field.role !== "setting" && field.secret;
      const replaces = field.role === "input" && field.rule.onChange === "replace";
      expect([name, resource.properties[name].secret ?? false]).toEqual([name, secret]);
      expect([name, resource.properties[name].replaceOnChanges ?? false]).toEqual([name, replaces]);
      if (field.role === "output") continue;
      expect([name, resource.inputProperties[name].secret ?? false]).toEqual([name, secret]);
      expect([name, resource.inputProperties[name].replaceOnChanges ?? false]).toEqual([name, replaces]);
    }
  });

  it("keeps a provider config's value secret, and replaces the config when it changes", () => {
    for (const side of ["inputProperties", "properties"] as const) {
      expect(resourceOf("ProviderConfig")[side].value).toMatchObject({ secret: true, replaceOnChanges: true });
    }
  });

  it("replaces a role on no change: every field is updated in place", () => {
    const role = resourceOf("Role");
    for (const property of [...Object.values(role.properties), ...Object.values(role.inputProperties)]) {
      expect(property.replaceOnChanges).toBeUndefined();
    }
  });

  it("keeps the capabilities among outputs secret: a session's url, an instance's webhook URL", () => {
    expect(resourceOf("IntegrationSetupSession").properties.url).toMatchObject({ type: "string", secret: true });
    expect(resourceOf("CallbackInstance").properties.webhookUrl).toMatchObject({ type: "string", secret: true });
    expect(resourceOf("CallbackInstance").inputProperties).not.toHaveProperty("webhookUrl");
  });

  it("types inputs from their checks: ids and names strings, permissions a list, metadata a map, a setting a boolean", () => {
    expect(resourceOf("Callback").inputProperties.integrationProviderId.type).toBe("string");
    expect(resourceOf("Role").inputProperties.permissions).toMatchObject({ type: "array", items: { type: "string" } });
    expect(resourceOf("Callback").inputProperties.metadata).toMatchObject({
      type: "object",
      additionalProperties: { $ref: "pulumi.json#/Any" },
    });
    expect(resourceOf("IntegrationSetupSession").inputProperties.replaceWhenExpired.type).toBe("boolean");
  });

  it("makes a config's tool filters (a union on `type`) one object type: type, and keys for tool_keys", () => {
    expect(resourceOf("ProviderConfig").inputProperties.toolFilters.$ref).toBe("#/types/tcs:index:ToolFilters");
    expect(schema.types["tcs:index:ToolFilters"]).toMatchObject({
      type: "object",
      properties: { type: { type: "string" }, keys: { type: "array", items: { type: "string" } } },
      required: ["type"],
    });
  });

  it("types outputs from output<T>(): open enums and nullable strings are strings, object lists a named type", () => {
    expect(resourceOf("Callback").properties.status.type).toBe("string");
    expect(resourceOf("CallbackInstance").properties.deploymentId.type).toBe("string");
    expect(resourceOf("ProviderConfig").properties.isDefault.type).toBe("boolean");
    expect(resourceOf("IntegrationSetupSession").properties.integrationInstance).toMatchObject({ type: "object" });
    expect(resourceOf("CallbackInstance").properties.triggers).toEqual(
      expect.objectContaining({ type: "array", items: { $ref: "#/types/tcs:index:CallbackInstanceTrigger" } }),
    );
    expect(Object.keys(schema.types["tcs:index:CallbackInstanceTrigger"].properties)).toEqual([
      "id",
      "key",
      "source",
      "pollIntervalSeconds",
    ]);
  });

  it("takes descriptions from the source as written", () => {
    expect(resourceOf("Callback").properties.integrationProviderId.description).toBe(
      "The integration provider whose events the callback receives (`intp_...`). Changing it replaces the callback.",
    );
    expect(resourceOf("Role").description).toMatch(
      /^A set of permissions for users of the account\.\n\nIn place: every field \(PUT\)\./,
    );
  });
});

describe("the provider's settings", () => {
  // The declaration (provider/settings/declaration.ts) is the list: a new setting needs no edit here.
  it("are the declared ones in stack config and on an explicit provider, the secret ones (the API key) secret in both", () => {
    expect(Object.keys(schema.config.variables)).toEqual(SETTING_NAMES);
    expect(Object.keys(schema.provider.inputProperties)).toEqual(SETTING_NAMES);
    expect(SECRET_SETTINGS).toEqual(["apiKey"]);
    for (const name of SETTING_NAMES) {
      const secret = SECRET_SETTINGS.includes(name) ? true : undefined;
      for (const property of [schema.config.variables[name], schema.provider.inputProperties[name]]) {
        expect([property.type, property.secret]).toEqual(["string", secret]);
      }
    }
  });

  it("never lets the SDKs read the environment into a provider's inputs (state), which the plugin reads itself", () => {
    for (const property of [
      ...Object.values(schema.config.variables),
      ...Object.values(schema.provider.inputProperties),
    ]) {
      expect(property).not.toHaveProperty("defaultInfo");
    }
  });
});

describe("functions, one per lookup", () => {
  const LISTS = ["getRoles", "getCallbackEvents", "getCustomProviderDeployments", "getCustomProviderVersions"];
  const RECORDS = ["getProviderConfigSchema", "getCustomProviderDeployment", "getCustomProviderDeploymentLogs"];

  it("has every lookup but the one that waits", () => {
    expect(Object.keys(schema.functions).sort()).toEqual(
      [...LISTS, ...RECORDS].map((name) => `tcs:index:${name}`).sort(),
    );
  });

  it("takes the lookups' arguments but connection (a provider is one connection)", () => {
    for (const fn of Object.values(schema.functions))
      expect(fn.inputs?.properties ?? {}).not.toHaveProperty("connection");
    expect(schema.functions["tcs:index:getCallbackEvents"].inputs).toMatchObject({
      properties: {
        callbackId: { type: "string" },
        type: { type: "array", items: { type: "string" } },
        limit: { type: "number" },
      },
      required: ["callbackId"],
    });
    expect(schema.functions["tcs:index:getRoles"].inputs).toBeUndefined();
  });

  it.each(LISTS)("%s returns { items: [record] }", (name) => {
    const outputs = schema.functions[`tcs:index:${name}`].outputs;
    expect(Object.keys(outputs.properties)).toEqual([LIST_PROPERTY]);
    expect(outputs.required).toEqual([LIST_PROPERTY]);
    expect(outputs.properties.items).toMatchObject({
      type: "array",
      items: { $ref: expect.stringMatching(/^#\/types\/tcs:index:\w+Record$/) },
    });
  });

  it.each(RECORDS)("%s returns the record's fields at the top level", (name) => {
    expect(schema.functions[`tcs:index:${name}`].outputs.properties).not.toHaveProperty(LIST_PROPERTY);
  });

  it("gives a record the fields of the SDK's zod schema, camelCase, id always set", () => {
    expect(Object.keys(schema.types["tcs:index:RoleRecord"].properties)).toEqual(Object.keys(RoleSchema.shape));
    expect(schema.types["tcs:index:RoleRecord"].required).toEqual(["id"]);
    const deployment = schema.functions["tcs:index:getCustomProviderDeployment"].outputs;
    expect(Object.keys(deployment.properties)).toEqual(Object.keys(CustomProviderDeploymentSchema.shape));
    expect(deployment.required).toEqual(["id"]);
    expect(deployment.properties.scmPush.$ref).toBe("#/types/tcs:index:ScmPushRecord");
  });
});

describe("Pulumi's rules for a schema (pkg/codegen/schema/pulumi.json), as far as they can be checked offline", () => {
  // The metaschema's token pattern and the kinds of type reference a property may be.
  const TOKEN = /^[a-zA-Z][-a-zA-Z0-9_]*:([^0-9][a-zA-Z0-9._/-]*)?:[^0-9][a-zA-Z0-9._/-]*$/;
  const PRIMITIVES = ["boolean", "integer", "number", "string"];

  function checkType(spec: TypeSpec, at: string, problems: string[]): void {
    if (spec.$ref !== undefined) {
      const local = /^#\/types\/(.+)$/.exec(spec.$ref)?.[1];
      if (spec.$ref !== "pulumi.json#/Any" && (local === undefined || !Object.hasOwn(schema.types, local)))
        problems.push(`${at}: $ref ${spec.$ref} resolves to nothing`);
      if (spec.type !== undefined || spec.items !== undefined || spec.additionalProperties !== undefined)
        problems.push(`${at}: a $ref with other type fields`);
    } else if (spec.type === "array") {
      if (spec.items === undefined) problems.push(`${at}: an array without items`);
      else checkType(spec.items, `${at}.items`, problems);
      if (spec.additionalProperties !== undefined) problems.push(`${at}: an array with additionalProperties`);
    } else if (spec.type === "object") {
      if (spec.items !== undefined) problems.push(`${at}: a map with items`);
      if (spec.additionalProperties !== undefined)
        checkType(spec.additionalProperties, `${at}.additionalProperties`, problems);
    } else if (!PRIMITIVES.includes(spec.type as string)) {
      problems.push(`${at}: type ${String(spec.type)} is not a Pulumi type`);
    } else if (spec.items !== undefined || spec.additionalProperties !== undefined) {
      problems.push(`${at}: a primitive with items or additionalProperties`);
    }
  }

  function checkProperties(
    properties: Record<string, PropertySpec>,
    required: string[] | undefined,
    at: string,
    problems: string[],
  ): void {
    for (const [name, property] of Object.entries(properties)) {
      checkType(property, `${at}.${name}`, problems);
      if (property.description !== undefined && typeof property.description !== "string")
        problems.push(`${at}.${name}: description is not text`);
    }
    for (const name of required ?? [])
      if (!Object.hasOwn(properties, name)) problems.push(`${at}: requires ${name}, which it does not have`);
  }

  it("uses valid tokens, types every property as the metaschema allows, and resolves every reference", () => {
    const problems: string[] = [];
    expect(schema.name).toMatch(/^[a-zA-Z][-a-zA-Z0-9_]*$/);
    for (const token of [
      ...Object.keys(schema.types),
      ...Object.keys(schema.resources),
      ...Object.keys(schema.functions),
    ]) {
      if (!TOKEN.test(token) || !token.startsWith(`${schema.name}:`))
        problems.push(`${token}: not a token of the package`);
    }
    checkProperties(schema.config.variables, undefined, "config", problems);
    checkProperties(schema.provider.inputProperties, undefined, "provider", problems);
    for (const [token, type] of Object.entries(schema.types)) {
      if (type.type !== "object") problems.push(`${token}: not an object type`);
      checkProperties(type.properties, type.required, token, problems);
    }
    for (const [token, resource] of Object.entries(schema.resources)) {
      checkProperties(resource.properties, resource.required, `${token}.properties`, problems);
      checkProperties(resource.inputProperties, resource.requiredInputs, `${token}.inputProperties`, problems);
      // The engine gives every resource these two; a property of the same name would shadow them.
      for (const reserved of ["id", "urn"])
        if (Object.hasOwn(resource.properties, reserved)) problems.push(`${token}: declares ${reserved}`);
    }
    for (const [token, fn] of Object.entries(schema.functions)) {
      if (fn.inputs) checkProperties(fn.inputs.properties, fn.inputs.required, `${token}.inputs`, problems);
      checkProperties(fn.outputs.properties, fn.outputs.required, `${token}.outputs`, problems);
    }
    expect(problems).toEqual([]);
  });

  it("defines no type that nothing uses", () => {
    const text = JSON.stringify({ ...schema, types: undefined });
    const typesText = JSON.stringify(schema.types);
    const unused = Object.keys(schema.types).filter(
      (token) => !text.includes(`#/types/${token}"`) && !typesText.includes(`#/types/${token}"`),
    );
    expect(unused).toEqual([]);
  });
});
