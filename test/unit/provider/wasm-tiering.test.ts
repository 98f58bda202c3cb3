// The plugin keeps WebAssembly (undici's HTTP parser) on V8's baseline compiler from its first
// connection on (provider/plugin/wasm-tiering.ts): TurboFan's recompilation of the parser cost 20 to
// 30 MB of peak memory and saved no time. Checked in fresh processes with V8's test natives: a hot
// WebAssembly function leaves the baseline compiler in a plain process, and stays on it once the
// plugin has made its first request.
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

/** A module exporting f(n): a loop of n additions, hot enough after 200 calls of 100,000 to be recompiled. */
const HOT_LOOP_MODULE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 27, 1, 25, 1, 1, 127, 3, 64, 32, 1, 65, 1, 106, 33, 1, 32, 0,
  65, 1, 107, 34, 0, 13, 0, 11, 32, 1, 11,
];

/** Runs `before` (JavaScript, may await), then the hot loop; resolves whether f is still on the baseline compiler. */
function staysOnBaseline(before: string): boolean {
  const script = `
    (async () => {
      ${before}
      const module = new WebAssembly.Module(new Uint8Array(${JSON.stringify(HOT_LOOP_MODULE)}));
      const f = new WebAssembly.Instance(module).exports.f;
      if (f(10) !== 10) throw new Error("the test module computes the wrong sum");
      for (let i = 0; i < 200; i++) f(100000);
      // TurboFan compiles in the background: give it time to finish.
      setTimeout(() => process.stdout.write(JSON.stringify(%IsLiftoffFunction(f))), 500);
    })().catch((error) => { console.error(error); process.exit(1); });`;
  const stdout = execFileSync(process.execPath, ["--allow-natives-syntax", "--require", require.resolve("tsx/cjs"), "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return JSON.parse(stdout) as boolean;
}

describe("the plugin's WebAssembly tiering", () => {
  it("a hot WebAssembly function leaves the baseline compiler in a plain process (the check itself works)", () => {
    expect(staysOnBaseline("")).toBe(false);
  });

  it("stays on the baseline compiler once the plugin has made its first request", () => {
    // The plugin's first write checks the key: one request to a local server that refuses it.
    const firstRequest = `
      const http = require("node:http");
      const server = http.createServer((req, res) => {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { code: "unauthorized", message: "invalid API key" } }));
      });
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      let requests = 0;
      server.on("request", () => requests++);
      const impl = require(${JSON.stringify(path.join(ROOT, "provider/impl.ts"))});
      const config = { get: (key) => ({ "tcs:apiKey": "service_sk_test", "tcs:baseUrl": "http://127.0.0.1:" + server.address().port })[key] };
      const provider = {};
      await impl.configureShim(provider, "Role", { config });
      await provider.create({ name: "Ops", slug: "ops", permissions: ["thread_read"] }).then(
        () => { throw new Error("the create should have been refused"); },
        (error) => { if (!/key/i.test(error.message)) throw error; },
      );
      if (requests === 0) throw new Error("the plugin sent no request");
      server.close();`;
    expect(staysOnBaseline(firstRequest)).toBe(true);
  });
});
