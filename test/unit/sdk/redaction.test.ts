import { inspect } from "node:util";
import { ToolConnectivityClient, APIError } from "../../../sdk/index";
import { errorBody, json, mockedClient, SECRET_KEY, wireRole } from "./helpers";

/** Every way an error or client can turn into text. */
function renderings(value: unknown): string[] {
  const out = [String(value), inspect(value, { depth: 10, showHidden: true }), JSON.stringify(value) ?? ""];
  if (value instanceof Error) out.push(value.message, value.stack ?? "", inspect(value.cause, { depth: 10 }));
  return out;
}

describe("redaction", () => {
  it("never shows the key in the client's toString, inspect or JSON", () => {
    const client = new ToolConnectivityClient({ apiKey: SECRET_KEY, baseUrl: "https://x.test" });
    for (const text of renderings(client)) expect(text).not.toContain(SECRET_KEY);
    expect(String(client)).toContain("service_sk_[redacted]");
    expect(JSON.stringify(client)).toContain("service_sk_[redacted]");
  });

  it("never shows the key in errors or debug lines, even when the service echoes it", async () => {
    const { client, pool, logs } = mockedClient({ maxRetries: 1 });
    pool.intercept({ path: "/roles/rol_1", method: "GET" }).reply(
      401,
      errorBody(401, "unauthorized", `invalid key ${SECRET_KEY}`, {
        hint: `check ${SECRET_KEY}`,
        errors: [{ code: "x", message: `key ${SECRET_KEY}`, path: ["authorization"] }],
      }),
      { headers: json },
    );
    pool
      .intercept({ path: "/roles/rol_2", method: "GET" })
      .replyWithError(new Error(`socket hang up ${SECRET_KEY}`))
      .times(2);
    pool.intercept({ path: "/roles/rol_3", method: "GET" }).reply(200, { ...wireRole(3), slug: 42 }, { headers: json });
    const errors = await Promise.all(
      ["rol_1", "rol_2", "rol_3"].map((id) => client.roles.retrieve(id).catch((e: unknown) => e)),
    );
    expect((errors[0] as APIError).status).toBe(401);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      for (const text of renderings(error)) expect(text).not.toContain(SECRET_KEY);
    }
    expect(logs.length).toBeGreaterThanOrEqual(4);
    for (const line of logs) expect(line).not.toContain(SECRET_KEY);
  });
});

describe("debug logging", () => {
  it("writes one line per attempt with method, path and query, status, duration, retry count and request id", async () => {
    const { client, pool, logs } = mockedClient();
    pool
      .intercept({ path: "/roles?limit=2", method: "GET" })
      .reply(
        200,
        { items: [], pagination: { has_more_after: false, has_more_before: false } },
        { headers: { ...json, "request-id": "req_log" } },
      );
    await client.roles.list({ limit: 2 });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^\[tcs\] GET \/roles\?limit=2 -> 200 \d+ms retry=0 request_id=req_log$/);
  });

  it("goes to stderr with TCS_DEBUG=1 and stays silent otherwise", async () => {
    const write = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    const saved = process.env.TCS_DEBUG;
    try {
      process.env.TCS_DEBUG = "1";
      const loud = mockedClient({ logger: undefined });
      loud.pool.intercept({ path: "/roles/rol_1", method: "GET" }).reply(200, wireRole(1), { headers: json });
      await loud.client.roles.retrieve("rol_1");
      expect(write.mock.calls.map((c) => String(c[0])).some((l) => l.startsWith("[tcs] GET /roles/rol_1 -> 200"))).toBe(
        true,
      );
      write.mockClear();
      delete process.env.TCS_DEBUG;
      const quiet = mockedClient({ logger: undefined });
      quiet.pool.intercept({ path: "/roles/rol_1", method: "GET" }).reply(200, wireRole(1), { headers: json });
      await quiet.client.roles.retrieve("rol_1");
      expect(write).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
      if (saved === undefined) delete process.env.TCS_DEBUG;
      else process.env.TCS_DEBUG = saved;
    }
  });
});
