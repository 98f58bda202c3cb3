import fc from "fast-check";
import { ERROR_CATALOG } from "../../../emulator/errors";
import { fixtureId as fid } from "../../../emulator/ids";
import { startHarness, type Harness } from "./emulator-helpers";

/**
 * Thousands of generated bad requests at every write endpoint (and the list endpoints' query): each
 * must be a 400 or 422 with a catalog code and a message naming the field, never a 500.
 */
jest.setTimeout(60_000);

let h: Harness;
let ids: { callback: string; config: string; role: string };

beforeAll(async () => {
  h = await startHarness();
  const callback = await h.dev("POST", "/callbacks", { integration_provider_id: fid("intp_", "github") });
  const config = await h.dev("POST", "/provider-configs", {
    provider_id: fid("prov_", "github"),
    provider_config_vault_id: fid("pcvt_", "githubdefault"),
  });
  const role = await h.dev("POST", "/roles", { name: "Fuzz", slug: "fuzz", permissions: ["thread_read"] });
  ids = { callback: callback.body.id, config: config.body.id, role: role.body.id };
});
afterAll(() => h.emu.close());

type Kind =
  | "id"
  | "name"
  | "description"
  | "metadata"
  | "slug"
  | "permissions"
  | "date"
  | "uri"
  | "object"
  | "tool_filters"
  | "required_object";
interface Field {
  kind: Kind;
  required?: boolean;
}
interface Endpoint {
  label: string;
  method: string;
  path: () => string;
  valid: () => Record<string, unknown>;
  fields: Record<string, Field>;
}

const ENDPOINTS: Endpoint[] = [
  {
    label: "POST /callbacks",
    method: "POST",
    path: () => "/callbacks",
    valid: () => ({ integration_provider_id: fid("intp_", "linear"), name: "n", description: "d", metadata: { a: 1 } }),
    fields: {
      integration_provider_id: { kind: "id", required: true },
      name: { kind: "name" },
      description: { kind: "description" },
      metadata: { kind: "metadata" },
    },
  },
  {
    label: "PATCH /callbacks/{callback_id}",
    method: "PATCH",
    path: () => `/callbacks/${ids.callback}`,
    valid: () => ({ name: "n", description: "d", metadata: { a: 1 } }),
    fields: { name: { kind: "name" }, description: { kind: "description" }, metadata: { kind: "metadata" } },
  },
  {
    label: "POST /callbacks/{callback_id}/instances",
    method: "POST",
    path: () => `/callbacks/${ids.callback}/instances`,
    valid: () => ({ provider_config_id: ids.config, provider_auth_config_id: fid("pac_", "githubpat") }),
    fields: { provider_config_id: { kind: "id", required: true }, provider_auth_config_id: { kind: "id" } },
  },
  {
    label: "POST /provider-configs",
    method: "POST",
    path: () => "/provider-configs",
    valid: () => ({
      provider_id: fid("prov_", "github"),
      value: { base_url: "https://x.example", timeout_seconds: 5 },
      name: "n",
      metadata: {},
      tool_filters: { type: "allow_all" },
    }),
    fields: {
      provider_id: { kind: "id", required: true },
      provider_deployment_id: { kind: "id" },
      provider_config_vault_id: { kind: "id" },
      value: { kind: "required_object" },
      name: { kind: "name" },
      description: { kind: "description" },
      metadata: { kind: "metadata" },
      tool_filters: { kind: "tool_filters" },
    },
  },
  {
    label: "PATCH /provider-configs/{provider_config_id}",
    method: "PATCH",
    path: () => `/provider-configs/${ids.config}`,
    valid: () => ({ name: "n", tool_filters: { type: "tool_keys", keys: ["a"] } }),
    fields: {
      name: { kind: "name" },
      description: { kind: "description" },
      metadata: { kind: "metadata" },
      tool_filters: { kind: "tool_filters" },
    },
  },
  {
    label: "POST /roles",
    method: "POST",
    path: () => "/roles",
    valid: () => ({ name: "n", slug: "fuzz", permissions: ["thread_read"], description: "d" }),
    fields: {
      name: { kind: "name", required: true },
      slug: { kind: "slug", required: true },
      permissions: { kind: "permissions", required: true },
      description: { kind: "description" },
    },
  },
  {
    label: "PUT /roles/{roleId}",
    method: "PUT",
    path: () => `/roles/${ids.role}`,
    valid: () => ({ name: "n", slug: "fuzz", permissions: ["thread_read"] }),
    fields: {
      name: { kind: "name", required: true },
      slug: { kind: "slug", required: true },
      permissions: { kind: "permissions", required: true },
      description: { kind: "description" },
    },
  },
  {
    label: "POST /roles/{roleId}",
    method: "POST",
    path: () => `/roles/${ids.role}`,
    valid: () => ({ name: "n", slug: "fuzz", permissions: [] }),
    fields: {
      name: { kind: "name", required: true },
      slug: { kind: "slug", required: true },
      permissions: { kind: "permissions", required: true },
      description: { kind: "description" },
    },
  },
  {
    label: "POST /integration-setup-sessions",
    method: "POST",
    path: () => "/integration-setup-sessions",
    valid: () => ({
      integration_id: fid("int_", "devtools"),
      name: "n",
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      redirect_url: "https://app.example/x",
      configuration: {},
    }),
    fields: {
      integration_id: { kind: "id", required: true },
      name: { kind: "name", required: true },
      description: { kind: "description" },
      metadata: { kind: "metadata" },
      identity_actor_id: { kind: "id" },
      identity_id: { kind: "id" },
      expires_at: { kind: "date" },
      redirect_url: { kind: "uri" },
      configuration: { kind: "object" },
    },
  },
];

const notString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const notObject = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 3 }),
);
const longString = (min: number) => fc.integer({ min, max: min + 60 }).map((n) => "x".repeat(n));

/** A value that breaks a field of this kind (and the error `path` head it must produce). */
function badValue(kind: Kind): fc.Arbitrary<unknown> {
  switch (kind) {
    case "id":
      return fc.oneof(notString, longString(256));
    case "name":
      return fc.oneof(notString, longString(256));
    case "description":
      return fc.oneof(notString, longString(2001));
    case "metadata":
      return fc.oneof(
        notObject,
        fc
          .integer({ min: 51, max: 70 })
          .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
        longString(41).map((key) => ({ [key]: 1 })),
        longString(501).map((value) => ({ big: value })),
        fc.constant({ "": 1 }),
      );
    case "slug":
      return fc.oneof(
        notString,
        longString(65).map((s) => s.toLowerCase()),
        fc.constantFrom("Has Space", "UPPER", "-lead", "trail-", "a__b", "", "é"),
      );
    case "permissions":
      return fc.oneof(
        fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 20 }), fc.constant({})),
        fc.array(
          fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !["thread_create", "thread_read"].includes(s)),
          { minLength: 1, maxLength: 3 },
        ),
        fc.constant(["thread_read", "thread_read"]),
        fc.constant([1, 2]),
      );
    case "date":
      return fc.oneof(
        notString,
        fc.string({ maxLength: 30 }).filter((s) => Number.isNaN(Date.parse(s)) || !/T/.test(s)),
        fc.constantFrom("2020-01-01T00:00:00.000Z", "2999-01-01T00:00:00.000Z", "2026-13-40T99:99:99Z", "tomorrow"),
      );
    case "uri":
      return fc.oneof(notString, fc.constantFrom("not a url", "/relative/path", "example.com", "http//x", ""));
    case "object":
      return notObject;
    case "required_object":
      return notObject;
    case "tool_filters":
      return fc.oneof(
        notObject,
        fc.constant({ type: "tool_keys" }),
        fc.constant({ type: "allow_all", keys: ["a"] }),
        fc
          .string({ maxLength: 10 })
          .map((type) => ({ type: type === "allow_all" || type === "tool_keys" ? "x" : type })),
        fc.constant({ type: "tool_keys", keys: [1] }),
        fc.constant({ type: "allow_all", colour: "red" }),
      );
  }
}

type Mutation = { body: Record<string, unknown>; field: string };

function mutation(endpoint: Endpoint): fc.Arbitrary<Mutation> {
  const names = Object.keys(endpoint.fields);
  const wrongValue = fc
    .constantFrom(...names)
    .chain((field) =>
      badValue(endpoint.fields[field].kind).map((value) => ({ body: { ...endpoint.valid(), [field]: value }, field })),
    );
  const required = names.filter((n) => endpoint.fields[n].required);
  const missing = required.length
    ? fc.constantFrom(...required).map((field) => {
        const body = endpoint.valid();
        delete body[field];
        return { body, field };
      })
    : wrongValue;
  const nulled = required.length
    ? fc.constantFrom(...required).map((field) => ({ body: { ...endpoint.valid(), [field]: null }, field }))
    : wrongValue;
  const unknown = fc
    .string({ minLength: 1, maxLength: 20 })
    .filter((key) => !(key in endpoint.fields) && key !== "__proto__")
    .map((field) => ({ body: { ...endpoint.valid(), [field]: 1 }, field }));
  return fc.oneof(
    { weight: 5, arbitrary: wrongValue },
    { weight: 1, arbitrary: missing },
    { weight: 1, arbitrary: nulled },
    { weight: 1, arbitrary: unknown },
  );
}

const CODES = Object.keys(ERROR_CATALOG);

async function send(method: string, path: string, raw: string) {
  const response = await fetch(h.emu.url + path, {
    method,
    headers: { Authorization: `Bearer ${h.emu.keys.development.secret}`, "Content-Type": "application/json" },
    body: raw,
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: string; message: string; errors?: { path: (string | number)[] }[] },
  };
}

describe.each(ENDPOINTS.map((e) => [e.label, e] as const))("%s", (_label, endpoint) => {
  test("a bad field is a 422 naming it", async () => {
    await fc.assert(
      fc.asyncProperty(mutation(endpoint), async ({ body, field }) => {
        const reply = await send(endpoint.method, endpoint.path(), JSON.stringify(body));
        expect(reply.status).toBe(422);
        expect(reply.body.code).toBe("validation_failed");
        expect(reply.body.errors!.map((e) => e.path[0])).toContain(field);
        expect(reply.body.message).toContain(field);
      }),
      { numRuns: 400 },
    );
  });

  test("malformed JSON or a body that is not an object is a 400", async () => {
    const malformed = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return text.trim() !== "";
      }
    });
    const notAnObject = fc
      .oneof(
        fc.jsonValue().filter((v) => typeof v !== "object" || v === null || Array.isArray(v)),
        fc.array(fc.jsonValue(), { maxLength: 3 }),
      )
      .map((v) => JSON.stringify(v));
    await fc.assert(
      fc.asyncProperty(fc.oneof(malformed, notAnObject), async (raw) => {
        const reply = await send(endpoint.method, endpoint.path(), raw);
        expect(reply.status).toBe(400);
        expect(reply.body.code).toBe("invalid_request");
        expect(reply.body.message).toMatch(/JSON|body/);
      }),
      { numRuns: 60 },
    );
  });
});

describe("paths and queries", () => {
  const LISTS = [
    "/callbacks",
    "/provider-configs",
    "/roles",
    "/integration-setup-sessions",
    "/custom-provider-deployments",
    "/custom-provider-versions",
  ];

  test("any path id: a 404 or (over 255 characters) a 400, never a 500", async () => {
    const templates = [
      "/callbacks/{}",
      "/callbacks/{}/instances",
      "/callbacks/{}/events",
      "/provider-configs/{}",
      "/roles/{}",
      "/integration-setup-sessions/{}",
      "/custom-provider-deployments/{}",
      "/custom-provider-deployments/{}/logs",
    ];
    await fc.assert(
      // "." and ".." are dot-segments the client itself resolves away.
      fc.asyncProperty(
        fc.constantFrom(...templates),
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s !== "." && s !== ".."),
          longString(256),
        ),
        async (template, id) => {
          const reply = await h.dev("GET", template.replace("{}", encodeURIComponent(id)));
          expect([400, 404]).toContain(reply.status);
          expect(CODES).toContain(reply.body.code);
          if (id.length > 255) expect(reply.status).toBe(400);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("bad list parameters are a 400 naming the parameter", async () => {
    const badParam = fc.oneof(
      fc
        .oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.constantFrom("ten", "1.5", "", "1e2"))
        .map((v) => ["limit", String(v)] as const),
      fc
        .string({ maxLength: 8 })
        .filter((s) => s !== "asc" && s !== "desc")
        .map((v) => ["order", v] as const),
      fc.constantFrom("created_at[gt]", "created_at[lt]", "updated_at[gt]").chain((name) =>
        fc
          .string({ maxLength: 20 })
          .filter((s) => Number.isNaN(Date.parse(s)) || !s.includes("T"))
          .map((v) => [name, v] as const),
      ),
      fc.stringMatching(/^[a-z]{3,10}$/).map((v) => ["after", `zz_${v}`] as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LISTS), badParam, async (list, [name, value]) => {
        const reply = await h.dev(
          "GET",
          `${list}?${encodeURIComponent(name).replace(/%5B/g, "[").replace(/%5D/g, "]")}=${encodeURIComponent(value)}`,
        );
        expect(reply.status).toBe(400);
        expect(reply.body.code).toBe("invalid_request");
        expect(reply.body.message).toContain(name);
      }),
      { numRuns: 400 },
    );
  });

  // The status values each list accepts, as the spec names them (`provider-configs` filters on active
  // and archived only): any of them is a 200, anything else a 400 naming `status`.
  const STATUS_FILTERS: Record<string, string[]> = {
    "/callbacks": ["active", "archived", "deleted"],
    "/provider-configs": ["active", "archived"],
    "/integration-setup-sessions": ["pending", "successful", "expired", "archived", "deleted"],
    "/custom-provider-deployments": ["queued", "deploying", "succeeded", "failed"],
    "/custom-provider-versions": ["queued", "deploying", "deployment_succeeded", "deployment_failed"],
  };

  test("a status filter is a 200 for the list's own values and a 400 naming status for any other", async () => {
    const lists = Object.keys(STATUS_FILTERS);
    const anyStatus = fc.oneof(
      fc.stringMatching(/^[a-z_]{1,12}$/),
      fc.constantFrom(...Object.values(STATUS_FILTERS).flat()),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lists), anyStatus, async (list, status) => {
        const reply = await h.dev("GET", `${list}?status=${status}`);
        if (STATUS_FILTERS[list].includes(status)) {
          expect(reply.status).toBe(200);
        } else {
          expect(reply.status).toBe(400);
          expect(reply.body.code).toBe("invalid_request");
          expect(reply.body.message).toContain("status");
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("webhook deliveries", () => {
  let webhookUrl: string;

  beforeAll(async () => {
    // An instance of the fuzz callback: its webhook URL records a POSTed JSON object as an event.
    const config = await h.dev("POST", "/provider-configs", {
      provider_id: fid("prov_", "github"),
      provider_config_vault_id: fid("pcvt_", "githubdefault"),
    });
    const instance = await h.dev("POST", `/callbacks/${ids.callback}/instances`, {
      provider_config_id: config.body.id,
    });
    expect(instance.status).toBe(200);
    webhookUrl = instance.body.webhook_url;
  });

  test("any body: a JSON object is a 202 receipt, anything else a 400, never a 500", async () => {
    const body = fc.oneof(
      {
        weight: 2,
        arbitrary: fc
          .dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 })
          .map((o) => ({ raw: JSON.stringify(o), object: true })),
      },
      {
        weight: 1,
        arbitrary: fc
          .jsonValue({ maxDepth: 2 })
          .filter((v) => typeof v !== "object" || v === null || Array.isArray(v))
          .map((v) => ({ raw: JSON.stringify(v), object: false })),
      },
      {
        weight: 1,
        arbitrary: fc
          .string({ minLength: 1, maxLength: 30 })
          .filter((t) => {
            try {
              JSON.parse(t);
              return false;
            } catch {
              return true;
            }
          })
          .map((raw) => ({ raw, object: false })),
      },
    );
    await fc.assert(
      fc.asyncProperty(body, async ({ raw, object }) => {
        const response = await fetch(webhookUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: raw,
        });
        const reply = (await response.json()) as { object?: string; code?: string };
        if (object) {
          expect(response.status).toBe(202);
          expect(reply.object).toBe("callback.webhook.receipt");
        } else {
          expect(response.status).toBe(400);
          expect(CODES).toContain(reply.code);
        }
      }),
      { numRuns: 200 },
    );
  });

  test("a webhook URL that names nothing is a 404, never a 500", async () => {
    const base = new URL(webhookUrl);
    const segments = base.pathname.split("/").filter(Boolean);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s !== "." && s !== ".."),
        async (token) => {
          const path = "/" + [...segments.slice(0, -1), encodeURIComponent(token)].join("/");
          const response = await fetch(new URL(path, base), {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: "{}",
          });
          expect(response.status).toBe(404);
          expect(((await response.json()) as { code: string }).code).toBe("not_found");
        },
      ),
      { numRuns: 150 },
    );
  });
});
