// Every DELETE reads a record, an empty body, or a 204: the spec shows no answer for the deletes of
// callback instances and provider configs, so a real service may send any of the three.

import { ResponseValidationError } from "../../../sdk/index";
import { json, mockedClient, wireCallback } from "./helpers";

const T0 = "2026-11-21T10:00:00.000Z";
const INSTANCE_PATH = "/callbacks/cb_1/instances/cbi_1";

function wireInstance(): Record<string, unknown> {
  return {
    object: "callback.instance",
    id: "cbi_1",
    status: "detached",
    deployment: { object: "provider.deployment#preview", id: "pdep_1" },
    config: { object: "provider.config#preview", id: "pcfg_1" },
    auth_config: null,
    webhook_url: null,
    triggers: [],
    created_at: T0,
    updated_at: T0,
  };
}

type Answer = { status: number; body: string | Record<string, unknown>; headers?: Record<string, string> };

const EMPTY_ANSWERS: Record<string, Answer> = {
  "204 No Content": { status: 204, body: "" },
  "200 with an empty body": { status: 200, body: "" },
  "200 with a blank JSON body": { status: 200, body: "  \n", headers: json },
};

describe("regression: DELETE with empty body", () => {
  it.each(Object.entries(EMPTY_ANSWERS))(
    "a callback instance's DELETE answered %s resolves to null",
    async (_name, answer) => {
      const { client, pool } = mockedClient();
      pool
        .intercept({ path: INSTANCE_PATH, method: "DELETE" })
        .reply(answer.status, answer.body, { headers: answer.headers ?? {} });
      await expect(client.callbacks.instances.delete("cb_1", "cbi_1")).resolves.toBeNull();
    },
  );
});

describe("DELETE answers", () => {
  it.each(Object.entries(EMPTY_ANSWERS))("a callback's DELETE answered %s resolves to null", async (_name, answer) => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/callbacks/cb_1", method: "DELETE" })
      .reply(answer.status, answer.body, { headers: answer.headers ?? {} });
    await expect(client.callbacks.delete("cb_1")).resolves.toBeNull();
  });

  it.each(Object.entries(EMPTY_ANSWERS))("a provider config's DELETE answered %s resolves", async (_name, answer) => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/provider-configs/pcfg_1", method: "DELETE" })
      .reply(answer.status, answer.body, { headers: answer.headers ?? {} });
    await expect(client.providerConfigs.delete("pcfg_1")).resolves.toBeUndefined();
  });

  it("still reads the record when the DELETE returns one", async () => {
    const { client, pool } = mockedClient();
    pool.intercept({ path: INSTANCE_PATH, method: "DELETE" }).reply(200, wireInstance(), { headers: json });
    pool
      .intercept({ path: "/callbacks/cb_1", method: "DELETE" })
      .reply(200, wireCallback({ status: "deleted" }), { headers: json });
    expect((await client.callbacks.instances.delete("cb_1", "cbi_1"))?.status).toBe("detached");
    expect((await client.callbacks.delete("cb_1"))?.status).toBe("deleted");
  });

  it("refuses a body that is neither a record nor empty, naming the endpoint", async () => {
    const { client, pool } = mockedClient();
    pool.intercept({ path: INSTANCE_PATH, method: "DELETE" }).reply(200, "<html>ok</html>");
    const error = await client.callbacks.instances.delete("cb_1", "cbi_1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain(`DELETE ${INSTANCE_PATH}`);
  });
});
