// The repository's import boundaries (issues 16, 46 and 53) are dependency-cruiser's rules in
// .dependency-cruiser.cjs, each with the reason it exists; `npm run lint:deps` prints what breaks them.
// Here: the real tree keeps every rule, and every rule can fail: a copy of the tree with one file added
// (or one import appended) per rule breaks that rule and no other. In the integration project: it
// starts dependency-cruiser (ESM only) in processes of its own. What modules load at run time is
// what-a-program-loads.test.ts.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(__dirname, "../../..");
const CONFIG = ".dependency-cruiser.cjs";
/** What the rules speak of (the npm script `lint:deps` cruises the same). */
const CRUISED = ["sdk", "provider", "emulator", "policy", "codegen"];
const DEPCRUISE = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");

interface Violation {
  type: string;
  from: string;
  to: string;
  rule: { name: string; severity: string };
}
interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string; couldNotResolve: boolean }[] }[];
  summary: { violations: Violation[]; totalCruised: number };
}

/** dependency-cruiser's JSON report of a tree (it exits non-zero when a rule is broken: still a report). */
async function cruise(cwd: string): Promise<CruiseResult> {
  const args = [DEPCRUISE, ...CRUISED, "--config", CONFIG, "--output-type", "json"];
  const stdout = await promisify(execFile)(process.execPath, args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (done) => done.stdout,
    (failed: { stdout?: string; stderr?: string }) => {
      if (!failed.stdout) throw new Error(`dependency-cruiser failed: ${failed.stderr ?? String(failed)}`);
      return failed.stdout;
    },
  );
  return JSON.parse(stdout) as CruiseResult;
}

/** The rules of the configuration, by name. */
const RULES = (require(path.join(ROOT, CONFIG)) as { forbidden: { name: string; comment?: string }[] }).forbidden;

/**
 * One way to break each rule and no other: files added to a copy of the tree (path -> text), or an
 * import appended to one of its files. `from`: the files whose imports break it, each reported (a loop is
 * reported once, from one of its files).
 */
const BREAKS: Record<
  string,
  { add?: Record<string, string>; append?: Record<string, string>; from: string[]; loop?: true }
> = {
  "no-provider-cycle": {
    add: {
      "provider/dynamic/zz-loop-a.ts": 'import "./zz-loop-b";\n',
      "provider/dynamic/zz-loop-b.ts": 'import "./zz-loop-a";\n',
    },
    from: ["provider/dynamic/zz-loop-a.ts", "provider/dynamic/zz-loop-b.ts"],
    loop: true,
  },
  "plugin-entry-not-to-shim": {
    add: { "provider/zz-reaches-shim.ts": 'import "./dynamic/shim";\n' },
    append: { "provider/impl.ts": 'import "./zz-reaches-shim";\n' },
    from: ["provider/impl.ts"],
  },
  "shapes-only-below": {
    add: { "provider/shapes/zz-up.ts": 'import "../page-size";\n' },
    from: ["provider/shapes/zz-up.ts"],
  },
  "type-tokens-import-nothing": {
    append: { "provider/type-tokens.ts": 'import "./page-size";\n' },
    from: ["provider/type-tokens.ts"],
  },
  "dynamic-door-not-to-native": {
    add: { "provider/dynamic/zz-door.ts": 'import type {} from "../native/properties";\n' },
    from: ["provider/dynamic/zz-door.ts"],
  },
  "native-door-not-to-dynamic": {
    add: { "provider/native/zz-door.ts": 'import "../dynamic/shim";\n' },
    from: ["provider/native/zz-door.ts"],
  },
  "engine-not-to-doors": {
    add: {
      "provider/engine/zz-dynamic.ts": 'import "../dynamic/create-key";\n',
      "provider/engine/zz-native.ts": 'import type {} from "../native/properties";\n',
      "provider/engine/zz-plugin-entry.ts": 'import "../impl";\n',
    },
    from: ["provider/engine/zz-dynamic.ts", "provider/engine/zz-native.ts", "provider/engine/zz-plugin-entry.ts"],
  },
  "program-side-not-to-engine": {
    add: { "provider/dynamic/zz-engine.ts": 'import type {} from "../engine/errors";\n' },
    from: ["provider/dynamic/zz-engine.ts"],
  },
  "program-side-not-to-plugin-entry": {
    add: { "provider/dynamic/zz-entry.ts": 'import "../impl";\n' },
    from: ["provider/dynamic/zz-entry.ts"],
  },
  "program-side-light": {
    add: { "provider/dynamic/zz-heavy.ts": 'import "../../sdk";\n', "provider/dynamic/zz-zod.ts": 'import "zod";\n' },
    from: ["provider/dynamic/zz-heavy.ts", "provider/dynamic/zz-zod.ts"],
  },
  "drift-report-light": {
    append: { "provider/cli/drift/render.ts": 'import "undici";\n' },
    from: ["provider/cli/drift/render.ts"],
  },
  "runtime-not-to-codegen": {
    add: { "policy/zz-codegen.ts": 'import "../codegen/schema/doc-comments";\n' },
    from: ["policy/zz-codegen.ts"],
  },
  "sdk-public-api-only": {
    add: {
      "provider/zz-sdk.ts": 'import "../sdk/core/errors";\n',
      "policy/zz-sdk.ts": 'import type {} from "../sdk/internal/retry";\n',
    },
    from: ["provider/zz-sdk.ts", "policy/zz-sdk.ts"],
  },
  "sdk-knows-no-pulumi": {
    add: {
      "sdk/zz-pulumi.ts": 'import "@pulumi/pulumi";\n',
      "sdk/zz-provider.ts": 'import "../provider/page-size";\n',
    },
    from: ["sdk/zz-pulumi.ts", "sdk/zz-provider.ts"],
  },
  "emulator-shares-no-code": { add: { "emulator/zz-sdk.ts": 'import "../sdk";\n' }, from: ["emulator/zz-sdk.ts"] },
  "runtime-not-to-emulator": {
    add: { "provider/zz-emulator.ts": 'import "../emulator";\n' },
    from: ["provider/zz-emulator.ts"],
  },
};

let real: Promise<CruiseResult>;
let broken: Promise<CruiseResult>;
let copy: string;
// The tests await the cruises, processes of about two seconds each: longer than jest's default 5 s beside npm test's other workers.
jest.setTimeout(60_000);

beforeAll(() => {
  // Both cruises at once (each is a process of about two seconds).
  real = cruise(ROOT);
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-boundaries-"));
  for (const dir of CRUISED)
    fs.cpSync(path.join(ROOT, dir), path.join(copy, dir), {
      recursive: true,
      filter: (source) => !source.includes("node_modules"),
    });
  for (const file of [CONFIG, "tsconfig.json", "package.json"])
    fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
  for (const { add = {}, append = {} } of Object.values(BREAKS)) {
    for (const [file, text] of Object.entries(add)) fs.writeFileSync(path.join(copy, file), text);
    for (const [file, text] of Object.entries(append)) fs.appendFileSync(path.join(copy, file), text);
  }
  broken = cruise(copy);
});

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe("the import boundaries (.dependency-cruiser.cjs)", () => {
  it("are named rules, each saying why", () => {
    expect(RULES.map((rule) => rule.name).sort()).toEqual(Object.keys(BREAKS).sort());
    expect(RULES.filter((rule) => !rule.comment || rule.comment.length < 60).map((rule) => rule.name)).toEqual([]);
  });

  it("see the whole tree: every import of the runtime and codegen resolved, the plugin's entry to the dynamic door's serve.ts", async () => {
    const { modules, summary } = await real;
    expect(summary.totalCruised).toBeGreaterThan(200);
    const unresolved = modules.flatMap((module) =>
      module.dependencies.filter((d) => d.couldNotResolve).map((d) => `${module.source} -> ${d.resolved}`),
    );
    expect(unresolved).toEqual([]);
    const impl = modules.find((module) => module.source === "provider/impl.ts");
    expect(impl?.dependencies.map((d) => d.resolved)).toContain("provider/dynamic/serve.ts");
  });

  it("are all kept by the tree as it is", async () => {
    const { summary } = await real;
    expect(summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  });

  it.each(Object.keys(BREAKS))("%s can fail: a file that breaks it is reported under that rule alone", async (name) => {
    const { summary } = await broken;
    const { from, loop } = BREAKS[name];
    const reported = summary.violations.filter((v) => from.includes(v.from));
    // Every breaking file is reported (a loop once), and by this rule only.
    const files = [...new Set(reported.map((v) => v.from))];
    if (loop) expect(files).toHaveLength(1);
    else expect(files.sort()).toEqual([...from].sort());
    expect([...new Set(reported.map((v) => v.rule.name))]).toEqual([name]);
  });

  it("the copy breaks nothing but what was added to it", async () => {
    const [{ summary: before }, { summary: after }] = await Promise.all([real, broken]);
    const key = (v: Violation) => `${v.rule.name}: ${v.from} -> ${v.to}`;
    const breaking = new Set(Object.values(BREAKS).flatMap((b) => b.from));
    const known = new Set(before.violations.map(key));
    expect(after.violations.filter((v) => !breaking.has(v.from) && !known.has(key(v))).map(key)).toEqual([]);
  });
});

describe("the provider's types", () => {
  function sourceFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.name.endsWith(".ts") ? [full] : [];
    });
  }

  it("are never forced through `as unknown as`: a cast says what it narrows from", () => {
    const files = sourceFiles(path.join(ROOT, "provider"));
    expect(files.length).toBeGreaterThan(40);
    const forced = files
      .filter((file) => /\bas unknown as\b/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    expect(forced).toEqual([]);
  });
});
