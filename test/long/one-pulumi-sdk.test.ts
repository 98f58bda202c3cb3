// One copy of @pulumi/pulumi in a user's project (issue 62). A user installs pulumi-tcs beside the
// @pulumi/pulumi of their own choosing, usually the newest. Pinned to one exact version, pulumi-tcs got a
// second copy of its own, nested under node_modules/pulumi-tcs: two SDKs installed and loaded in one
// program, pulumi-tcs's classes built on another one than the program's. With a caret range npm keeps
// one copy at the top, shared. The packed package is installed with the npm registry (network) beside
// the newest 3.x; a control, repacked with the exact pin, shows that the count tells the two apart.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../lib/engine";

const npm = (args: string[], cwd: string): string =>
  execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

/** Every installed copy of @pulumi/pulumi under a project, found on disk, as `path@version`, top level first. */
function copiesOnDisk(project: string): string[] {
  const found: string[] = [];
  const walk = (modules: string): void => {
    if (!fs.existsSync(modules)) return;
    for (const entry of fs.readdirSync(modules)) {
      const packages = entry.startsWith("@")
        ? fs.readdirSync(path.join(modules, entry)).map((name) => path.join(entry, name))
        : [entry];
      for (const name of packages) {
        const dir = path.join(modules, name);
        if (name === path.join("@pulumi", "pulumi")) {
          const { version } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
            version: string;
          };
          found.push(`${path.relative(project, dir)}@${version}`);
        }
        walk(path.join(dir, "node_modules"));
      }
    }
  };
  walk(path.join(project, "node_modules"));
  return found.sort((a, b) => a.split(path.sep).length - b.split(path.sep).length || a.localeCompare(b));
}

/** The copies as npm itself lists them (`npm ls --all --parseable`), relative to the project. */
function copiesListedByNpm(project: string): string[] {
  let out: string;
  try {
    out = npm(["ls", "@pulumi/pulumi", "--all", "--parseable"], project);
  } catch (error) {
    // npm ls exits 1 on any problem of the tree (an unmet optional peer, say) and still lists it.
    out = (error as { stdout?: string }).stdout ?? "";
  }
  const paths = out.split("\n").filter((line) => line.endsWith(path.join("@pulumi", "pulumi")));
  return [...new Set(paths.map((p) => path.relative(project, p)))].sort();
}

/** A scratch project with the tarball and the newest @pulumi/pulumi 3.x installed as a user would. */
function install(root: string, name: string, tarball: string): string {
  const project = path.join(root, name);
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name, private: true }, null, 2));
  npm(["install", "--no-audit", "--no-fund", "--loglevel=error", tarball, "@pulumi/pulumi@3"], project);
  return project;
}

describe("pulumi-tcs installed beside a newer @pulumi/pulumi", () => {
  let root: string;
  let tarball: string;
  let range: string;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tcs-one-sdk-"));
    // --ignore-scripts: prepack would rebuild dist/, which scripts/test-long.sh built before any test.
    const packed = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", root], REPO_ROOT)) as {
      filename: string;
    }[];
    tarball = path.join(root, packed[0].filename);
    range = (
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      }
    ).dependencies["@pulumi/pulumi"];
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("shares the project's one copy", () => {
    expect(range).toMatch(/^\^3\./);
    const project = install(root, "caret", tarball);
    const copies = copiesOnDisk(project);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(new RegExp(`^node_modules/@pulumi/pulumi@3\\.\\d+\\.\\d+$`));
    // Newer than the version this repository locks, or the test would prove nothing.
    const version = copies[0].split("@").pop()!;
    expect(Number(version.split(".")[1])).toBeGreaterThan(Number(range.replace(/^\^/, "").split(".")[1]));
    expect(copiesListedByNpm(project)).toEqual([path.join("node_modules", "@pulumi", "pulumi")]);
  });

  it("would bring a second copy with the exact pin it had before (the control)", () => {
    // The same package with its dependency pinned to exactly the locked version, repacked.
    const unpacked = path.join(root, "pinned");
    fs.mkdirSync(unpacked);
    execFileSync("tar", ["-xzf", tarball, "-C", unpacked]);
    const manifestPath = path.join(unpacked, "package", "package.json");
    const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as { dependencies: Record<string, string> };
    manifest.dependencies["@pulumi/pulumi"] = range.replace(/^\^/, "");
    fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    const repacked = JSON.parse(
      npm(["pack", "--ignore-scripts", "--json", "--pack-destination", unpacked, path.join(unpacked, "package")], root),
    ) as {
      filename: string;
    }[];

    const project = install(root, "pinned-project", path.join(unpacked, repacked[0].filename));
    const copies = copiesOnDisk(project);
    expect(copies).toHaveLength(2);
    expect(copies[1]).toBe(
      `${path.join("node_modules", "pulumi-tcs", "node_modules", "@pulumi", "pulumi")}@${range.replace(/^\^/, "")}`,
    );
    expect(copiesListedByNpm(project)).toHaveLength(2);
  });
});
