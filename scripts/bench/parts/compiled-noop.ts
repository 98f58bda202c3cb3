// The compiled reference of the one-resource part: the provider that does nothing, in Go
// (programs/compiled-noop-provider), built once per source and Go version, and installed as the `tcs`
// plugin in a Pulumi home of its own, as a release of a compiled provider installs.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../../../test/lib/engine";

const SOURCE = path.join(__dirname, "..", "programs", "compiled-noop-provider");
const BUILDS = path.join(REPO_ROOT, ".tcs", "dist-build");

/** The binary, built unless this source's build is there already (the Go toolchain the CLI's build needs). */
function compiledNoop(): string {
  const key = createHash("sha256");
  for (const file of ["main.go", "go.mod", "go.sum"]) key.update(fs.readFileSync(path.join(SOURCE, file)));
  key.update(execFileSync("go", ["env", "GOVERSION"], { encoding: "utf8" }));
  const binary = path.join(BUILDS, `compiled-noop-provider-${key.digest("hex").slice(0, 16)}`);
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(BUILDS, { recursive: true });
    execFileSync("go", ["build", "-o", `${binary}.partial`, "."], {
      cwd: SOURCE,
      env: { ...process.env, GOFLAGS: "-mod=readonly -buildvcs=false" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    fs.renameSync(`${binary}.partial`, binary);
  }
  return binary;
}

/**
 * Installs the compiled provider as `tcs` `version` in the Pulumi home of `env`, from a tarball in
 * `dir`; returns what its plugin reads from the environment: the schema it serves (ours) and its version.
 */
export function installCompiledNoop(dir: string, version: string, env: NodeJS.ProcessEnv): Record<string, string> {
  const staged = path.join(dir, "compiled-noop");
  fs.mkdirSync(staged, { recursive: true });
  fs.copyFileSync(compiledNoop(), path.join(staged, "pulumi-resource-tcs"));
  fs.chmodSync(path.join(staged, "pulumi-resource-tcs"), 0o755);
  const tarball = path.join(dir, "compiled-noop.tar.gz");
  execFileSync("tar", ["-czf", tarball, "-C", staged, "pulumi-resource-tcs"]);
  execFileSync("pulumi", ["plugin", "install", "resource", "tcs", version, "--file", tarball], {
    env,
    stdio: "ignore",
  });
  // Our schema with the version in it, as our executable serves it (the YAML host refuses one without).
  const schema = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, "provider", "native", "schema.json"), "utf8"),
  ) as object;
  const served = path.join(dir, "compiled-noop-schema.json");
  fs.writeFileSync(served, JSON.stringify({ ...schema, version }));
  return { TCS_BENCH_SCHEMA: served, TCS_BENCH_VERSION: version };
}
