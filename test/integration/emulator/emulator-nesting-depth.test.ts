// Issue 12: a body nested a few thousand levels deep (a metadata value, a session's configuration) was
// a 500: JSON.parse takes any depth, but what runs after it (the metadata size check, storing the
// record, writing the answer) recursed until the stack ran out. The service refuses such a field with
// a 422 naming it; so does the emulator now, at the same limit the provider checks at preview
// (32 levels, docs/contract-decisions.md "Nesting depth of JSON fields").
import { fixtureId as fid } from "../../../emulator/ids";
import { startHarness, type Harness } from "./emulator-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.emu.close());

/** JSON text of `levels` objects nested in each other. Built as text: JSON.stringify itself overflows at these depths. */
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);
const nestedArrays = (levels: number) => "[".repeat(levels) + "1" + "]".repeat(levels);
const DEEP = 4_500;

function expectDepthRefusal(reply: { status: number; body: any }, field: string): void {
  expect(reply.status).toBe(422);
  expect(reply.body).toMatchObject({ object: "error", status: 422, code: "validation_failed" });
  expect(reply.body.errors).toEqual([
    { code: "too_large", message: "must be nested at most 32 levels deep (objects and arrays)", path: [field] },
  ]);
  expect(reply.body.message).toBe(
    `Validation failed: ${field} must be nested at most 32 levels deep (objects and arrays).`,
  );
}

describe("fields nested deeper than 32 levels", () => {
  test("a metadata value: 422 naming metadata, on create and on update", async () => {
    const body = `{"integration_provider_id":"${fid("intp_", "linear")}","metadata":{"k":${nestedArrays(DEEP)}}}`;
    expectDepthRefusal(await h.dev("POST", "/callbacks", body), "metadata");

    const callback = await h.dev("POST", "/callbacks", { integration_provider_id: fid("intp_", "jira") });
    expect(callback.status).toBe(200);
    expectDepthRefusal(
      await h.dev("PATCH", `/callbacks/${callback.body.id}`, `{"metadata":{"k":${nestedObjects(DEEP)}}}`),
      "metadata",
    );
  });

  test("a setup session's configuration: 422 naming configuration", async () => {
    const body = (configuration: string) =>
      `{"integration_id":"${fid("int_", "devtools")}","name":"Deep","configuration":${configuration}}`;
    expectDepthRefusal(await h.dev("POST", "/integration-setup-sessions", body(nestedObjects(DEEP))), "configuration");
    expectDepthRefusal(
      await h.dev("POST", "/integration-setup-sessions", body(`{"list":${nestedArrays(DEEP)}}`)),
      "configuration",
    );
  });

  test("a provider config's value: 422 naming value", async () => {
    const body = `{"provider_id":"${fid("prov_", "acmetools")}","value":${nestedObjects(DEEP)}}`;
    expectDepthRefusal(await h.dev("POST", "/provider-configs", body), "value");
  });

  test("32 levels are accepted and come back as sent; 33 are refused", async () => {
    const body = (levels: number) =>
      `{"integration_id":"${fid("int_", "devtools")}","name":"Edge","configuration":${nestedObjects(levels)}}`;
    const accepted = await h.dev("POST", "/integration-setup-sessions", body(32));
    expect(accepted.status).toBe(200);
    expect(JSON.stringify(accepted.body.configuration)).toBe(nestedObjects(32));
    expectDepthRefusal(await h.dev("POST", "/integration-setup-sessions", body(33)), "configuration");
    // metadata counts its own level: a value of 31 levels fits (and its JSON fits in 500 characters).
    const metadata = (levels: number) =>
      `{"integration_provider_id":"${fid("intp_", "slack")}","metadata":{"k":${nestedArrays(levels)}}}`;
    expectDepthRefusal(await h.dev("POST", "/callbacks", metadata(32)), "metadata");
    expect((await h.dev("POST", "/callbacks", metadata(31))).status).toBe(200);
  });

  test("the order of checks stands: no key is a 401, a body that is not an object a 400", async () => {
    expect((await h.anonymous("POST", "/callbacks", `{"metadata":{"k":${nestedArrays(DEEP)}}}`)).status).toBe(401);
    const array = await h.dev("POST", "/callbacks", nestedArrays(DEEP));
    expect(array.status).toBe(400);
    expect(array.body.code).toBe("invalid_request");
  });
});
