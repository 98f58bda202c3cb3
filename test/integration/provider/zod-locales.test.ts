// zod's locales load when first read, not with zod (shapes/zod.ts, deferZodLocales), measured in fresh
// Node processes (so an integration test): the plugin's process loads none of them with the SDK, its
// messages stay zod's English, and `z.locales` answers as zod's own index does once it is read.
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

/** What a fresh process reports after `body`, with the SDK loaded the way the plugin loads it (or not deferring). */
function run(body: string, defer: boolean): Record<string, unknown> {
  const script = `
    ${defer ? `require(${JSON.stringify(path.join(ROOT, "provider/shapes/zod.ts"))}).deferZodLocales();` : ""}
    const { RoleSchema } = require(${JSON.stringify(path.join(ROOT, "sdk/index.ts"))});
    const { z } = require("zod");
    const locales = () => Object.keys(require.cache).filter((file) => /node_modules\\/zod\\/v4\\/locales\\/(?!index\\.cjs)/.test(file));
    const out = {};
    ${body}
    process.stdout.write(JSON.stringify(out));`;
  const stdout = execFileSync(process.execPath, ["--require", require.resolve("tsx/cjs"), "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe("zod's locales", () => {
  const body = `
    out.loadedWithTheSdk = locales().map((file) => require("node:path").basename(file));
    out.message = RoleSchema.safeParse({ id: 1 }).error.issues[0].message;
    out.issues = z.object({ a: z.string().min(2), b: z.enum(["x"]) }).safeParse({ a: "", b: "y" }).error.issues;
    out.keys = Object.keys(z.locales);
    out.isIndex = z.locales === require("zod/v4/locales");
    out.frozen = Object.isFrozen(z.locales);
    z.config(z.locales.fr());
    out.french = z.string().safeParse(1).error.issues[0].message;
    out.loadedOnceRead = locales().length;`;

  it("load when z.locales is first read, and answer as zod's index does", () => {
    const deferred = run(body, true);
    const eager = run(body, false);
    // Only English, which zod registers from its own module.
    expect(deferred.loadedWithTheSdk).toEqual(["en.cjs"]);
    expect((eager.loadedWithTheSdk as string[]).length).toBeGreaterThan(60);
    expect(deferred.message).toBe("Invalid input: expected string, received number");
    for (const key of ["message", "issues", "keys", "isIndex", "frozen", "french", "loadedOnceRead"])
      expect([key, deferred[key]]).toEqual([key, eager[key]]);
  });

  it("are left alone once zod is loaded", () => {
    const out = run(
      `require(${JSON.stringify(path.join(ROOT, "provider/shapes/zod.ts"))}).deferZodLocales(); out.keys = Object.keys(z.locales).length; out.loaded = locales().length;`,
      false,
    );
    expect(out.keys).toBe(out.loaded);
  });
});
