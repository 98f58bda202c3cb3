// One transport's memory, in a process of its own that starts as the engine's provider plugin does
// (Node, then @pulumi/pulumi): the same requests as client-memory.ts describes, then one JSON line per
// stage on stdout. Plain JavaScript run by plain node: a TypeScript loader would add its own memory.
// Usage: node client-memory-child.js <sdk|undici|node-http> <emulator url> <API key>
const path = require("node:path");
const v8 = require("node:v8");

const REPO = path.resolve(__dirname, "../../..");
const [transport, baseUrl, apiKey] = process.argv.slice(2);
const CREATES = 10;
const LIST_PAGES = 200;

const mb = (bytes) => Math.round(bytes / 1048576);
function report(stage) {
  const youngGeneration = v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
  const line = {
    transport,
    stage,
    rss_mb: mb(process.memoryUsage().rss),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    heap_mb: mb(process.memoryUsage().heapTotal),
    young_generation_mb: mb(youngGeneration.space_size),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** A JSON request through the transport under test; resolves with the parsed body. */
function sender() {
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  if (transport === "undici") {
    const { request } = require(path.join(REPO, "node_modules/undici"));
    return async (method, route, body) =>
      (await request(baseUrl + route, { method, headers, body: body && JSON.stringify(body) })).body.json();
  }
  if (transport === "node-http") {
    const http = require("node:http");
    return (method, route, body) =>
      new Promise((resolve, reject) => {
        const req = http.request(baseUrl + route, { method, headers }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve(JSON.parse(text)));
        });
        req.on("error", reject);
        req.end(body && JSON.stringify(body));
      });
  }
  throw new Error(`unknown transport ${transport}`);
}

async function main() {
  require(path.join(REPO, "node_modules/@pulumi/pulumi"));
  report("pulumi_loaded");
  const slug = (i) => `mem${process.pid}${transport.replace(/-/g, "")}${i}`;
  if (transport === "sdk") {
    // As in the plugin, with its V8 settings (provider/engine/process/v8-settings.ts).
    require(path.join(REPO, "dist/provider/impl"));
    const { clientFromSettings } = require(path.join(REPO, "dist/provider/client"));
    const client = clientFromSettings({ apiKey, baseUrl, rateLimitTier: "production" }, () => {});
    report("transport_loaded");
    for (let i = 0; i < CREATES; i++)
      await client.roles.create({ slug: slug(i), name: "memory", permissions: ["thread_create"] });
    report("after_creates");
    for (let i = 0; i < LIST_PAGES; i++) await client.roles.list({ limit: 100 });
  } else {
    const send = sender();
    report("transport_loaded");
    for (let i = 0; i < CREATES; i++)
      await send("POST", "/roles", { slug: slug(i), name: "memory", permissions: ["thread_create"] });
    report("after_creates");
    for (let i = 0; i < LIST_PAGES; i++) await send("GET", "/roles?limit=100");
  }
  report("after_lists");
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
