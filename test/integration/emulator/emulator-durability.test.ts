import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { client } from "./emulator-helpers";

/**
 * The CLI with a file database, as a child process: every acknowledged write survives a clean
 * restart and a `kill -9` in the middle of a burst of writes; fixtures are seeded once.
 */
jest.setTimeout(60_000);

const REPO = resolve(__dirname, "../../..");
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "tcs-emulator-durability-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Child {
  process: ChildProcess;
  url: string;
  key: string;
}

async function startCli(db: string): Promise<Child> {
  const child = spawn(
    process.execPath,
    [
      "--no-warnings",
      "--import",
      "tsx",
      "emulator/cli.ts",
      "--port",
      "0",
      "--db",
      db,
      "--quiet",
      "--dev-limit",
      "1000000",
      "--ip-limit",
      "1000000",
    ],
    {
      cwd: REPO,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const line = await new Promise<string>((resolveLine, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", resolveLine);
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}: ${stderr}`)));
  });
  const started = JSON.parse(line) as { url: string; keys: { development: { secret: string } } };
  return { process: child, url: started.url, key: started.keys.development.secret };
}

function stop(child: Child, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolveExit) => {
    child.process.once("exit", () => resolveExit());
    child.process.kill(signal);
  });
}

test("acknowledged writes survive a clean restart; fixtures are not seeded twice", async () => {
  const db = join(dir, "restart.db");
  const first = await startCli(db);
  const api = client(first.url, first.key);
  const defaults = (await api("GET", "/roles?limit=100")).body.items.length;
  const created: string[] = [];
  for (let i = 0; i < 20; i++)
    created.push((await api("POST", "/roles", { name: `r${i}`, slug: `restart-${i}`, permissions: [] })).body.id);
  const callback = (await api("POST", "/callbacks", { integration_provider_id: "intp_github00000000000000" })).body;
  await stop(first, "SIGTERM");

  const second = await startCli(db);
  try {
    const again = client(second.url, second.key);
    const roles = (await again("GET", "/roles?limit=100")).body.items.map((r: { id: string }) => r.id);
    expect(roles).toHaveLength(defaults + created.length);
    expect(roles).toEqual(expect.arrayContaining(created));
    expect((await again("GET", `/callbacks/${callback.id}`)).body).toEqual(callback);
    // Background jobs live in the database: the callback's instances are registered after the restart too.
    const instances = async () => (await again("GET", `/callbacks/${callback.id}/instances`)).body.items.length;
    for (let i = 0; i < 60 && (await instances()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await instances()).toBeGreaterThan(0);
  } finally {
    await stop(second, "SIGTERM");
  }
});

test("no acknowledged write is lost to a kill -9 during a burst of writes", async () => {
  const db = join(dir, "crash.db");
  const child = await startCli(db);
  const api = client(child.url, child.key);
  const acknowledged: string[] = [];
  let stopped = false;
  // Four writers in parallel, each writing until the process dies under it.
  const writer = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      try {
        const reply = await api("POST", "/roles", {
          name: `w${w}-${i}`,
          slug: `crash-${w}-${i}`,
          permissions: ["thread_read"],
        });
        if (reply.status === 200) acknowledged.push(reply.body.id);
      } catch {
        return; // the connection died with the process
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5));
  await stop(child, "SIGKILL");
  stopped = true;
  await Promise.all(writers);

  const restarted = await startCli(db);
  try {
    const again = client(restarted.url, restarted.key);
    const stored = new Set<string>();
    let after: string | undefined;
    for (;;) {
      const page = (await again("GET", `/roles?limit=100${after ? `&after=${after}` : ""}`)).body;
      for (const role of page.items) stored.add(role.id);
      if (!page.pagination.has_more_after) break;
      after = page.items[page.items.length - 1].id;
    }
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(lost).toEqual([]);
  } finally {
    await stop(restarted, "SIGTERM");
  }
});
