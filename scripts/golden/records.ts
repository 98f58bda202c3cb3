// Golden records: for each shape of observed-records.md, a record with every field, the same with
// every optional field left out, and the same with every nullable field null. Values are plausible
// and consistent within a record (an id of a type is the same wherever it appears: a config's
// `provider_id` and its deployment's), and ids have the formats the provider checks (`prov_` + 20).

import { createHash } from "node:crypto";
import type { Endpoint, Field, Shape } from "./observed-shapes";

export type { Shape };

export type Variant = "full" | "withoutOptional" | "nullsNull";
export const VARIANTS: readonly Variant[] = ["full", "withoutOptional", "nullsNull"];

export interface GoldenFile {
  endpoint: string;
  method: string;
  path: string;
  list: boolean;
  generatedBy: string;
  source: string;
  sourceSha256: string;
  /** The declared shape itself (types, nullable, optional), for checks of what others send. */
  shape: Shape;
  variants: Record<Variant, unknown>;
}

/** Id prefixes of the record types (the contract's, where it names one). */
const ID_PREFIXES: Record<string, string> = {
  provider: "prov",
  "provider.config": "pcfg",
  "provider.config_vault": "pcvt",
  "provider.deployment": "pdep",
  "provider.specification": "pspec",
  "provider.version": "pver",
  "integration.instance": "inst",
  custom_provider: "cprov",
  "custom_provider.deployment": "cpd",
  "custom_provider.deployment.commit": "cpdc",
  "custom_provider.deployment.logs.step": "cpds",
  "custom_provider.version": "cpv",
  "custom_provider.environment": "cpenv",
  "custom_provider.actor": "cpact",
  "organization.actor": "oact",
  bucket: "bkt",
  "scm.repository": "repo",
  "scm.provider": "scmp",
  "scm.push": "push",
  "scm.actor": "scma",
  "scm.commit": "scmc",
};

/** Foreign keys whose name does not say the record type outright. */
const REFERENCES: Record<string, string> = {
  provider_id: "provider",
  custom_provider_id: "custom_provider",
  custom_provider_version_id: "custom_provider.version",
  custom_provider_deployment_id: "custom_provider.deployment",
  custom_provider_environment_id: "custom_provider.environment",
  organization_actor_id: "organization.actor",
  specification_id: "provider.specification",
  current_provider_version_id: "provider.version",
  instance_id: "integration.instance",
};

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const T0 = Date.parse("2026-01-10T08:00:00.000Z");

/** The id of a record type: its prefix plus 20 base62 characters derived from the type's name. */
export function goldenId(type: string): string {
  const plain = type.replace(/#preview$/, "");
  const prefix =
    ID_PREFIXES[plain] ??
    plain
      .split(/[._]/)
      .map((word) => word[0])
      .join("");
  const digest = createHash("sha256").update(`golden ${plain}`).digest();
  let suffix = "";
  for (let i = 0; suffix.length < 20; i++) suffix += BASE62[digest[i % digest.length] % 62];
  return `${prefix}_${suffix}`;
}

interface Context {
  /** The record type of the object being filled (its `object` literal), if it has one. */
  type?: string;
  /** The field holding the object being filled. */
  parent?: string;
}

export function goldenRecord(shape: Shape, variant: Variant, context: Context = {}): unknown {
  if (shape.kind === "array") return [goldenRecord(shape.item, variant, context)];
  if (shape.kind === "leaf")
    return leafValue({ name: context.parent ?? "value", shape, nullable: false, optional: false }, context);
  const tag = shape.fields.find((f) => f.name === "object" && f.shape.kind === "leaf" && f.shape.type === "enum");
  const type = tag && tag.shape.kind === "leaf" ? tag.shape.values[0] : undefined;
  const own: Context = { type, parent: context.parent };
  const out: Record<string, unknown> = {};
  for (const field of shape.fields) {
    if (variant === "withoutOptional" && field.optional) continue;
    if (variant === "nullsNull" && field.nullable) {
      out[field.name] = null;
      continue;
    }
    out[field.name] =
      field.shape.kind === "leaf" ? leafValue(field, own) : goldenRecord(field.shape, variant, { parent: field.name });
  }
  return out;
}

function leafValue(field: Field, context: Context): unknown {
  const { name, shape } = field;
  if (shape.kind !== "leaf") throw new Error("not a leaf");
  switch (shape.type) {
    case "enum":
      return shape.values[0];
    case "boolean":
      // Not the default deployment or config; one page with nothing more.
      return !(name === "is_default" || name.startsWith("has_more_"));
    case "number":
      return name === "index" ? 3 : 1;
    case "date-time":
      return new Date(T0 + (TIME_OFFSETS_S[name] ?? 0) * 1000).toISOString();
    case "map":
      return mapValue(name);
    case "string":
      return stringValue(name, context);
  }
}

const TIME_OFFSETS_S: Record<string, number> = {
  created_at: 0,
  started_at: 60,
  timestamp: 90,
  ended_at: 120,
  updated_at: 300,
};

function mapValue(name: string): Record<string, unknown> {
  if (name === "schema") {
    return {
      type: "object",
      properties: { base_url: { type: "string", format: "uri" }, timeout_ms: { type: "integer" } },
      additionalProperties: false,
    };
  }
  // snake_case and camelCase keys: user data keeps its keys as written.
  if (name === "metadata") return { team_name: "platform", costCenter: 42 };
  return { some_key: "value" };
}

/** Plausible text per field, by the field's name and the record it is in. */
function stringValue(name: string, context: Context): string {
  if (name === "id") return goldenId(context.type ?? context.parent ?? "record");
  if (name.endsWith("_id")) return goldenId(REFERENCES[name] ?? name.slice(0, -3));
  const byName: Record<string, string> = {
    name: `Golden ${(context.type ?? context.parent ?? "record").replace(/#preview$/, "").replace(/[._]/g, " ")}`,
    description: "Read as the service's own client declares it",
    message: "Release 1.2.0",
    sha: "3f786850e387550fdab836ed7e6dc881de23001b",
    branch: "main",
    default_branch: "main",
    owner: "acme",
    email: "ada@example.com",
    identifier: context.type === "custom_provider.actor#preview" ? "ada@example.com" : "v1.2.0",
    path: "providers/acme-tools",
    transformer: "identity",
    container_registry: "ghcr.io",
    container_image: "acme/tools",
    container_image_tag: "v1.2.0",
    transport: "streamable_http",
    url: context.parent === "remote_mcp_server" ? "https://mcp.acme.example/mcp" : "https://github.com/acme/acme-tools",
    type:
      context.type === "custom_provider.deployment.logs.step"
        ? "build"
        : context.type === "custom_provider.deployment.commit"
          ? "git"
          : "user",
  };
  return byName[name] ?? `golden ${name}`;
}

export function goldenFile(endpoint: Endpoint, source: { path: string; sha256: string }): GoldenFile {
  const variants = Object.fromEntries(
    VARIANTS.map((variant) => [variant, goldenRecord(endpoint.shape, variant)]),
  ) as Record<Variant, unknown>;
  return {
    endpoint: endpoint.heading,
    method: endpoint.method,
    path: endpoint.path,
    list: endpoint.list,
    generatedBy: "scripts/golden-records.ts (npm run golden)",
    source: source.path,
    sourceSha256: source.sha256,
    shape: endpoint.shape,
    variants,
  };
}

/** `GET /custom-provider-deployments/{id}/logs` -> `get-custom-provider-deployments-id-logs`. */
export function goldenFileName(endpoint: Endpoint): string {
  const words =
    `${endpoint.method} ${endpoint.path}${endpoint.list ? " list" : ""}`.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return `${words.join("-")}.json`;
}
