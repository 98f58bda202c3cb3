import { isLoopback } from "../../../emulator/http-util";
import { fixtureId as fid } from "../../../emulator/ids";
import { startHarness, type Harness } from "./emulator-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.emu.close());
beforeEach(async () => {
  await h.control("POST", "/_emulator/reset");
});

const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`key_${i}`, i]));
const create = (body: Record<string, unknown>) =>
  h.dev("POST", "/provider-configs", { provider_id: fid("prov_", "acmetools"), value: {}, ...body });

describe("limits shared by every resource with name, description and metadata", () => {
  test.each([
    ["name", { name: "n".repeat(255) }, { name: "n".repeat(256) }, ["name"]],
    ["description", { description: "d".repeat(2000) }, { description: "d".repeat(2001) }, ["description"]],
    ["metadata keys", { metadata: keys(50) }, { metadata: keys(51) }, ["metadata"]],
    [
      "metadata key length",
      { metadata: { ["k".repeat(40)]: 1 } },
      { metadata: { ["k".repeat(41)]: 1 } },
      ["metadata", "k".repeat(41)],
    ],
    [
      "metadata value size",
      { metadata: { big: "v".repeat(498) } },
      { metadata: { big: "v".repeat(499) } },
      ["metadata", "big"],
    ],
  ])("%s: at the limit 200, past it 422 naming the field", async (_what, ok, bad, path) => {
    expect((await create(ok)).status).toBe(200);
    const reply = await create(bad);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("validation_failed");
    expect(reply.body.errors).toEqual([expect.objectContaining({ path })]);
    expect(reply.body.message).toContain(String(path[0]));
  });

  test("the same limits on callbacks, roles and setup sessions", async () => {
    const callback = await h.dev("POST", "/callbacks", {
      integration_provider_id: fid("intp_", "github"),
      metadata: keys(51),
      name: "x".repeat(300),
    });
    expect(callback.body.errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual(["metadata", "name"]);
    const role = await h.dev("POST", "/roles", {
      name: "x".repeat(256),
      slug: "s",
      permissions: [],
      description: "d".repeat(2001),
    });
    expect(role.body.errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual(["description", "name"]);
    const session = await h.dev("POST", "/integration-setup-sessions", {
      integration_id: fid("int_", "devtools"),
      name: "",
      metadata: [1],
    });
    expect(session.body.errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual(["metadata", "name"]);
  });

  test("ids in bodies longer than 255 characters are 422, never a 500", async () => {
    const reply = await h.dev("POST", "/callbacks", { integration_provider_id: "intp_" + "x".repeat(300) });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ path: ["integration_provider_id"], code: "too_long" });
  });

  test("every bad field is listed at once", async () => {
    const reply = await h.dev("POST", "/roles", { name: 1, slug: "BAD", permissions: [7], colour: "red" });
    expect(reply.body.errors.map((e: { path: (string | number)[] }) => e.path.join(".")).sort()).toEqual([
      "colour",
      "name",
      "permissions.0",
      "slug",
    ]);
  });

  test("a body larger than 1 MiB is a 400", async () => {
    const reply = await h.dev("POST", "/roles", {
      name: "x",
      slug: "x",
      permissions: [],
      description: "d".repeat(1_100_000),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe("invalid_request");
  });
});

test("the control plane's loopback check", () => {
  expect(["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true);
  expect(["10.0.0.1", "192.168.1.2", "::ffff:10.0.0.1", "fe80::1", undefined].some((a) => isLoopback(a))).toBe(false);
});
