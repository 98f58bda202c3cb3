// `npm run demo`, the README's first command, run as package.json gives it, less scripts/env.sh and
// scripts/build.sh, which npm test has run before jest (helpers/npm-script.ts; readme-commands.test.ts
// runs a script through npm and scripts/env.sh themselves). npm test runs the demo; npm run test:long
// runs it again with the commands it prints at the end: the stack's outputs, and the destroy against
// the emulator restarted on the demo's database (test/long/demo-printed-commands.test.ts). Its
// directory and backend are a scratch of their own, so a developer's own demo is left alone.
import * as path from "node:path";
import { REPO_ROOT } from "../lib/engine";
import { listeningUrl } from "./helpers/listening";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { npmRun, npmStart } from "./helpers/npm-script";
import { makeScratch, type Scratch } from "./helpers/workspace";

describe("npm run demo", () => {
  let scratch: Scratch;
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    scratch = makeScratch("demo");
    env = {
      ...process.env,
      TCS_DEMO_DIR: path.relative(REPO_ROOT, scratch.dir),
      TCS_DEMO_PORT: "0",
      PULUMI_BACKEND_URL: `file://${scratch.backendDir}`,
    };
  });
  afterAll(() => scratch.remove());

  /** `npm run --silent <args>`: as package.json gives them, less scripts/env.sh and scripts/build.sh (helpers/npm-script.ts). */
  const npm = (args: string[]) => npmRun(args, env);

  /** The command the demo printed after `label`, without the leading `npm run`. */
  function printed(stdout: string, label: string): string[] {
    const line = stdout.split("\n").find((l) => l.includes(label) && l.includes("npm run "));
    if (!line) throw new Error(`the demo printed no "${label}" command:\n${stdout}`);
    return line
      .slice(line.indexOf("npm run ") + "npm run ".length)
      .split(/\s{3}/)[0]
      .trim()
      .split(/\s+/);
  }

  /** `npm run demo`, what it printed checked: it applied the quickstart, showed no changes, caught a change made by hand. */
  async function demo(): Promise<string> {
    const out = (await npm(["demo"])).stdout;
    expect(out).toMatch(/== emulator: http:\/\/127\.0\.0\.1:\d+ \(database .*emulator\.db\)/);
    expect(out).toMatch(/6 created/);
    expect(out).toContain("== pulumi preview (expecting no changes)");
    expect(out).toContain("drift detected, as expected: the callback's name differs from the program");
    // up --refresh renames the callback back, and nothing else.
    const afterRefresh = out.slice(out.indexOf("== pulumi up --refresh"));
    expect(afterRefresh).toMatch(/tcs:Callback\s+github-events\s+updated/);
    expect(afterRefresh).toMatch(/1 updated/);
    expect(out).toContain(`state in ${path.relative(REPO_ROOT, scratch.backendDir)}`);
    return out;
  }

  testInNpmTest(
    "applies the quickstart, shows no changes, catches a change made by hand, and says how to destroy",
    async () => {
      const out = await demo();
      expect(printed(out, "outputs:")[0]).toBe("pulumi");
      expect(printed(out, "to destroy:")[0]).toBe("emulator");
      expect(printed(out, "pulumi -- destroy")[0]).toBe("pulumi");
    },
  );

  // Its deeper variant, in npm run test:long only (test/long/demo-printed-commands.test.ts).
  testInLong("applies the quickstart, and the commands it prints work: the outputs, then the destroy", async () => {
    const out = await demo();

    // The outputs command it printed works on the stack it left.
    const outputs = await npm(printed(out, "outputs:"));
    expect(outputs.stdout).toMatch(/callbackId\s+cb_[A-Za-z0-9]{20}/);

    // Its destroy instructions: the emulator again on the same database and port, then destroy.
    const emulatorArgs = printed(out, "to destroy:");
    const emulator = npmStart(emulatorArgs, env);
    try {
      await listeningUrl(emulator);
      // Commands of the plain CLI that run no program work on the stack the demo left.
      const outputsCommand = printed(out, "outputs:");
      const at = outputsCommand.slice(outputsCommand.indexOf("--stack"));
      const refresh = await npm(["pulumi", "--", "refresh", "--preview-only", ...at]);
      expect(refresh.stdout).toMatch(/6 unchanged/);
      const exported = await npm(["pulumi", "--", "stack", "export", ...at]);
      const types = JSON.parse(exported.stdout).deployment.resources.map((r: { type: string }) => r.type);
      expect(new Set(types.filter((t: string) => t.startsWith("pulumi-nodejs:dynamic/tcs:"))).size).toBe(5); // one of each resource
      expect(exported.stdout).not.toContain("service_sk_");
      const destroy = await npm(printed(out, "pulumi -- destroy"));
      expect(destroy.stdout).toMatch(/6 deleted/);
      // Roles and setup sessions have no delete endpoint: destroy says they stay.
      expect(destroy.stdout).toContain(
        "the API cannot delete roles: it was removed from this stack but stays in the account",
      );
      expect(destroy.stdout).toContain("the API cannot delete setup sessions");
    } finally {
      process.kill(-emulator.pid!, "SIGTERM");
    }
  });
});
