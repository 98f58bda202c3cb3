// The emulator speaks the real service's dialect: for every endpoint of observed-records.md, each
// answer carries every field the service's own client declares (the declared type, null only where
// declared nullable, left out only where declared optional), the spec's fields too (the union), and
// across the emulator's records every declared field appears somewhere, nested ones included. The
// shapes come from the golden files, which `npm run golden` generates from observed-records.md.
import { fixtureId as fid } from "../../../emulator/ids";
import { golden, type Shape } from "../../golden/load";
import { startHarness, TIMESTAMP, type Harness } from "./emulator-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.control("POST", "/_emulator/reset");
});
afterAll(() => h.emu.close());

type Json = Record<string, any>;

/**
 * Problems of one answer against a declared shape; `seen` collects the field paths it carries.
 * `alsoNull`: paths (without the answer's index) where the emulator sends null by a documented decision.
 */
function conformance(
  shape: Shape,
  value: unknown,
  path: string,
  seen: Set<string>,
  problems: string[],
  alsoNull: string[] = [],
): void {
  if (shape.kind === "array") {
    if (!Array.isArray(value)) return void problems.push(`${path}: not an array`);
    value.forEach((item) => conformance(shape.item, item, `${path}[]`, seen, problems, alsoNull));
    return;
  }
  if (shape.kind === "object") {
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return void problems.push(`${path}: not an object`);
    for (const field of shape.fields) {
      const at = `${path}.${field.name}`;
      if (!(field.name in value)) {
        if (!field.optional) problems.push(`${at}: missing`);
        continue;
      }
      seen.add(at);
      const inner = (value as Json)[field.name];
      if (inner === null) {
        if (!field.nullable && !alsoNull.includes(at.replace(/^\[\d+\]/, "")))
          problems.push(`${at}: null, not declared nullable`);
        continue;
      }
      conformance(field.shape, inner, at, seen, problems, alsoNull);
    }
    return;
  }
  const ok = {
    string: typeof value === "string",
    "date-time": typeof value === "string" && TIMESTAMP.test(value),
    boolean: typeof value === "boolean",
    number: typeof value === "number",
    map: value !== null && typeof value === "object" && !Array.isArray(value),
    enum: typeof value === "string" && shape.values.includes(value),
  }[shape.type];
  if (!ok)
    problems.push(
      `${path}: ${JSON.stringify(value)} is not ${shape.type === "enum" ? shape.values.join(" | ") : shape.type}`,
    );
}

/** Every field path a shape declares, nested ones included. */
function declaredPaths(shape: Shape, path: string): string[] {
  if (shape.kind === "array") return declaredPaths(shape.item, `${path}[]`);
  if (shape.kind === "leaf") return [];
  return shape.fields.flatMap((field) => [
    `${path}.${field.name}`,
    ...declaredPaths(field.shape, `${path}.${field.name}`),
  ]);
}

function expectConformance(endpoint: string, answers: unknown[], alsoNull: string[] = []): void {
  const { shape } = golden(endpoint);
  const seen = new Set<string>();
  const problems: string[] = [];
  answers.forEach((answer, i) => conformance(shape, answer, `[${i}]`, seen, problems, alsoNull));
  expect(problems).toEqual([]);
  const covered = new Set([...seen].map((path) => path.replace(/^\[\d+\]/, "")));
  expect(declaredPaths(shape, "").filter((path) => !covered.has(path))).toEqual([]);
}

async function ok(reply: Promise<{ status: number; body: any }>): Promise<any> {
  const { status, body } = await reply;
  expect(status).toBe(200);
  return body;
}

describe("answers in the observed shapes", () => {
  const github = () => h.emu.fixtures.providers.find((p) => p.id === fid("prov_", "github"))!;

  it("provider configs: list, get, create, update, delete; from values, from a vault, locked to a deployment", async () => {
    const created = [
      await ok(
        h.dev("POST", "/provider-configs", {
          provider_id: github().id,
          value: { base_url: "https://api.github.com", timeout_seconds: 5 },
          name: "from values",
        }),
      ),
      await ok(
        h.dev("POST", "/provider-configs", {
          provider_id: github().id,
          provider_config_vault_id: github().config_vaults[0]!.id,
          provider_deployment_id: github().deployments[0]!.id,
          metadata: { team: "a" },
        }),
      ),
    ];
    const updated = await ok(h.dev("PATCH", `/provider-configs/${created[1].id}`, { description: "locked" }));
    const listed = await ok(h.dev("GET", "/provider-configs?limit=100"));
    const gets = await Promise.all(listed.items.map((c: Json) => ok(h.dev("GET", `/provider-configs/${c.id}`))));
    const deleted = [
      await ok(h.dev("DELETE", `/provider-configs/${created[0].id}`)),
      await ok(h.dev("DELETE", `/provider-configs/${created[1].id}`)),
    ];

    expectConformance("GET /provider-configs (list)", [listed]);
    expectConformance("GET /provider-configs/{id}", [...gets, ...created, updated]);
    expectConformance("DELETE /provider-configs/{id}", deleted);
    // Realistic nulls: a config created from values has no vault.
    expect(created[0].from_vault).toBeNull();
    // The union with the spec: the fields it lists that the service's client does not declare.
    for (const config of [...gets, ...created, updated, ...deleted]) {
      expect(config).toEqual(
        expect.objectContaining({
          status: expect.any(String),
          tool_filter: expect.objectContaining({ type: expect.any(String) }),
        }),
      );
      if (config.from_vault) expect(config.from_vault.status).toBe("active");
    }
  });

  it("the provider config schema of every provider", async () => {
    const answers = await Promise.all(
      h.emu.fixtures.providers.map((p) => ok(h.dev("GET", `/provider-config-schema?provider_id=${p.id}`))),
    );
    expectConformance("GET /provider-config-schema", answers);
  });

  it("custom provider deployments, their logs and versions, at seed and once settled", async () => {
    const snapshot = async () => {
      const deployments: Json[] = (await ok(h.dev("GET", "/custom-provider-deployments?limit=100"))).items;
      return {
        deployments: [
          ...deployments,
          ...(await Promise.all(deployments.map((d) => ok(h.dev("GET", `/custom-provider-deployments/${d.id}`))))),
        ],
        logs: await Promise.all(deployments.map((d) => ok(h.dev("GET", `/custom-provider-deployments/${d.id}/logs`)))),
        versions: await ok(h.dev("GET", "/custom-provider-versions?limit=100")),
      };
    };
    const atSeed = await snapshot();
    await h.control("POST", "/_emulator/clock", { advance_ms: 3_600_000 });
    const settled = await snapshot();

    expectConformance("GET /custom-provider-deployments/{id}", [...atSeed.deployments, ...settled.deployments]);
    expectConformance("GET /custom-provider-deployments/{id}/logs", [...atSeed.logs, ...settled.logs]);
    // A released version whose deployment has not started has `deployment: null`: the one null the
    // emulator sends where the service's client declares an object (docs/contract-decisions.md).
    expectConformance(
      "GET /custom-provider-versions (list)",
      [atSeed.versions, settled.versions],
      [".items[].deployment"],
    );

    // Realistic nulls: a manual deployment built no commit and no push; a version not deployed yet.
    const manual = settled.deployments.find((d) => d.id === fid("cpd_", "acmetoolsv1"))!;
    expect(manual).toMatchObject({ trigger: "manual", commit: null, scm_push: null });
    const fromScm = settled.deployments.find((d) => d.id === fid("cpd_", "acmetoolsv2"))!;
    expect(fromScm.scm_push.commit.sha).toBe(fromScm.commit.id);
    const pending = settled.versions.items.find((v: Json) => v.id === fid("cpv_", "weatherv3"));
    expect(pending).toMatchObject({ status: "queued", deployment: null, custom_provider_deployment_id: null });
    // The contract's reduced fields stay beside the observed ones (the union).
    for (const version of settled.versions.items)
      expect(Object.keys(version)).toEqual(
        expect.arrayContaining(["custom_provider_deployment_id", "custom_provider_environment_id"]),
      );
  });

  it("every deployment preview carries is_default, in configs, their vaults and callback instances", async () => {
    const config = await ok(h.dev("GET", `/provider-configs/${fid("pcfg_", "githubpersonal")}`));
    expect(config.deployment.is_default).toEqual(expect.any(Boolean));
    expect(config.from_vault.deployment.is_default).toEqual(expect.any(Boolean));
    const callback = await ok(h.dev("POST", "/callbacks", { integration_provider_id: fid("intp_", "github") }));
    const instance = await ok(h.dev("POST", `/callbacks/${callback.id}/instances`, { provider_config_id: config.id }));
    expect(instance.deployment.is_default).toEqual(expect.any(Boolean));
  });
});
