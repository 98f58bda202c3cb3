// Check skips validating inputs that the same checks passed before (engine/validated-by.ts),
// through the real engine and bindings: what it records, when it skips, and that a change of the
// rules (a provider upgrade) brings validation back for unchanged inputs.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { BINDINGS } from "../../../provider/engine/bindings";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import { CHECK_MODULES, checksFingerprint } from "../../../provider/engine/validated-by";
import { UNKNOWN } from "../../../provider/shapes/normalize";
import { VALIDATED_BY_INPUT } from "../../../provider/shapes/reserved";
import type { ResourceKind } from "../../../provider/shapes/shape";

const ROOT = path.resolve(__dirname, "../../..");

function engine(kind: ResourceKind) {
  const noApi = () => {
    throw new Error("these checks must not touch the API");
  };
  return new ResourceEngine(BINDINGS[kind], noApi, () => undefined);
}

const role = { name: "Support", slug: "support", permissions: ["thread_read"], tcsCreateKey: "k" };
/** A slug today's rules refuse (uppercase and a space). */
const badSlug = { ...role, slug: "Support Team" };

describe("validated-by", () => {
  it("records the checks' fingerprint with inputs that passed, and only with those", async () => {
    const passed = await engine("Role").check(role, role);
    expect(passed.failures).toEqual([]);
    expect(passed.inputs).toEqual({ ...role, [VALIDATED_BY_INPUT]: checksFingerprint() });
    const refused = await engine("Role").check(role, badSlug);
    expect(refused.failures?.map((f) => f.property)).toEqual(["slug"]);
    expect(refused.inputs).not.toHaveProperty(VALIDATED_BY_INPUT);
    // A value not known until apply was not validated: nothing is recorded for it.
    const unknown = await engine("Role").check(role, { ...role, name: UNKNOWN });
    expect(unknown.failures).toEqual([]);
    expect(unknown.inputs).not.toHaveProperty(VALIDATED_BY_INPUT);
  });

  it("does not validate again inputs the same checks passed, and validates any change", async () => {
    // The recorded inputs carry today's fingerprint: these checks passed them, so the same inputs pass
    // without being parsed (the slug is one these rules refuse: only a skipped validation passes it).
    const recorded = { ...badSlug, [VALIDATED_BY_INPUT]: checksFingerprint() };
    expect((await engine("Role").check(recorded, badSlug)).failures).toEqual([]);
    // The engine's serialized provider is not a declaration: a new one changes nothing.
    expect(
      (await engine("Role").check({ ...recorded, __provider: "old" }, { ...badSlug, __provider: "new" })).failures,
    ).toEqual([]);
    // Any declared change is validated whole.
    const renamed = await engine("Role").check(recorded, { ...badSlug, name: "Support (renamed)" });
    expect(renamed.failures?.map((f) => f.property)).toEqual(["slug"]);
  });

  it("validates unchanged inputs again when the checks changed (a provider upgrade adding a rule)", async () => {
    const olderProvider = { ...badSlug, [VALIDATED_BY_INPUT]: "0123456789abcdef" };
    const checked = await engine("Role").check(olderProvider, badSlug);
    expect(checked.failures?.map((f) => f.property)).toEqual(["slug"]);
  });

  it("changes the fingerprint when a shape's rules change", () => {
    // The shapes and the engine copied beside the repository's, one rule edited in the copy; each
    // tree's fingerprint computed in a process of its own, as a plugin of that version would.
    const copy = path.join(ROOT, ".tcs", "validated-by-test");
    fs.rmSync(copy, { recursive: true, force: true });
    try {
      fs.cpSync(path.join(ROOT, "provider", "shapes"), path.join(copy, "provider", "shapes"), { recursive: true });
      fs.mkdirSync(path.join(copy, "provider", "engine"), { recursive: true });
      for (const file of ["validated-by.ts", ...CHECK_MODULES.map((name) => `${name}.ts`)]) {
        fs.copyFileSync(path.join(ROOT, "provider", "engine", file), path.join(copy, "provider", "engine", file));
      }
      const fingerprintOf = (tree: string) =>
        execFileSync(
          process.execPath,
          [
            "--require",
            require.resolve("tsx/cjs"),
            "-e",
            `process.stdout.write(require(${JSON.stringify(path.join(tree, "provider/engine/validated-by.ts"))}).checksFingerprint())`,
          ],
          { cwd: ROOT, encoding: "utf8" },
        );
      const unchanged = fingerprintOf(copy);
      expect(unchanged).toBe(checksFingerprint());
      const roleShape = path.join(copy, "provider", "shapes", "role.ts");
      const source = fs.readFileSync(roleShape, "utf8");
      expect(source).toContain('.max(64, "must be at most 64 characters")');
      fs.writeFileSync(
        roleShape,
        source.replace('.max(64, "must be at most 64 characters")', '.max(32, "must be at most 32 characters")'),
      );
      expect(fingerprintOf(copy)).not.toBe(unchanged);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
