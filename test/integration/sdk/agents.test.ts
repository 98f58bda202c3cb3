// The SDK's connection pool takes undici's Agent from the Agent's own module, not from undici's index
// (sdk/internal/agents.ts: the index loads fetch, WebSocket, the cache and the mock and proxy agents,
// which cost the provider's plugin memory and which the client never uses). These checks fail when an
// upgrade of undici moves the module or when the SDK starts loading the index again.
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

describe("the SDK's undici Agent", () => {
  it("is the class undici's index exports", () => {
    expect(require("undici/lib/dispatcher/agent")).toBe(require("undici").Agent);
  });

  it("a client's request loads undici's HTTP/1 client and nothing of fetch, WebSocket, the cache or the index", () => {
    // A fresh process: a list request to a local server that answers an empty page.
    const script = `
      const http = require("node:http");
      const server = http.createServer((req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ items: [], pagination: { has_more_after: false } }));
      });
      server.listen(0, "127.0.0.1", async () => {
        const { ToolConnectivityClient } = require(${JSON.stringify(path.join(ROOT, "sdk/index.ts"))});
        const client = new ToolConnectivityClient({ apiKey: "service_sk_test", baseUrl: "http://127.0.0.1:" + server.address().port });
        const page = await client.roles.list({ limit: 1 });
        server.close();
        process.stdout.write(JSON.stringify({ items: page.items, loaded: Object.keys(require.cache) }));
        process.exit(0);
      });`;
    const stdout = execFileSync(process.execPath, ["--require", require.resolve("tsx/cjs"), "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
    });
    const { items, loaded } = JSON.parse(stdout) as { items: unknown[]; loaded: string[] };
    expect(items).toEqual([]);
    const undici = loaded
      .filter((file) => file.includes("node_modules/undici/"))
      .map((file) => file.split("node_modules/undici/")[1]);
    expect(undici).toEqual(expect.arrayContaining(["lib/dispatcher/agent.js", "lib/dispatcher/client-h1.js"]));
    expect(undici.filter((file) => file === "index.js" || /^lib\/(web|cache|mock|api)\//.test(file))).toEqual([]);
  });
});
