// .github/workflows/release.yml: passes actionlint (built from Go modules, as for examples/gitops),
// runs on a version tag only, builds with npm run dist's builder, signs the macOS executables before
// anything is published, publishes to every destination of the issue (GitHub release, npm, PyPI,
// NuGet, the Go module's tag), and takes credentials only from the secret store.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import * as yaml from "js-yaml";
import { REPO_ROOT } from "../lib/engine";

const run = promisify(execFile);
const FILE = path.join(REPO_ROOT, ".github", "workflows", "release.yml");

interface Job {
  needs?: string | string[];
  "runs-on": string;
  environment?: string;
  permissions?: Record<string, string>;
  steps: Array<{ uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> }>;
}
const workflow = yaml.load(fs.readFileSync(FILE, "utf8")) as {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};
const text = (job: Job) => JSON.stringify(job.steps);

test("release.yml passes actionlint", async () => {
  const { stdout: actionlint } = await run("bash", [path.join(REPO_ROOT, "scripts", "bootstrap-actionlint.sh")], {
    timeout: 300_000,
  });
  const lint = await run(actionlint.trim(), ["-no-color", FILE]).then(
    (result) => ({ code: 0, output: result.stdout + result.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
  expect(lint).toEqual({ code: 0, output: "" });
});

test("on a version tag: build with npm run dist's builder, sign the macOS executables, then publish everywhere, each publisher after the signing", () => {
  expect(workflow.on).toEqual({ push: { tags: ["v*"] } });
  expect(workflow.permissions).toEqual({ contents: "read" });
  expect(text(workflow.jobs.build)).toContain("npx tsx scripts/release/main.ts --out artifacts");
  expect(text(workflow.jobs.build)).toContain("python3-build python3-setuptools python3-wheel python3-pip");
  expect(workflow.jobs["sign-macos"]).toMatchObject({ needs: "build", "runs-on": "macos-latest" });
  expect(text(workflow.jobs["sign-macos"])).toContain("codesign --force --sign -");
  const publishers: Record<string, RegExp> = {
    "github-release": /gh release create .*pulumi-resource-tcs-\*\.tar\.gz/,
    npm: /npm publish .*pulumi-tcs-\$version\.tgz.*npm publish .*pulumi-tcs-tcs-\$version\.tgz/,
    pypi: /pypa\/gh-action-pypi-publish/,
    nuget: /dotnet pack sdks\/dotnet\/PulumiTcs\.Tcs\.csproj.*dotnet nuget push/,
    "go-module": /tag=\\"sdks\/go\/\$GITHUB_REF_NAME\\"/,
  };
  for (const [name, pattern] of Object.entries(publishers)) {
    const job = workflow.jobs[name];
    expect({ name, needs: job.needs, environment: job.environment }).toEqual({
      name,
      needs: "sign-macos",
      environment: "release",
    });
    expect(text(job)).toMatch(pattern);
  }
  // Only the jobs that write a release or a tag may write the repository.
  const writers = Object.entries(workflow.jobs)
    .filter(([, job]) => job.permissions?.contents === "write")
    .map(([name]) => name);
  expect(writers.sort()).toEqual(["github-release", "go-module"]);
});

test("credentials come only from the secret store", () => {
  const source = fs.readFileSync(FILE, "utf8");
  const secrets = [...source.matchAll(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g)].map((match) => match[1]);
  expect([...new Set(secrets)].sort()).toEqual(["GITHUB_TOKEN", "NPM_TOKEN", "NUGET_API_KEY", "PYPI_API_TOKEN"]);
  // No token written into the file itself.
  expect(source).not.toMatch(/npm_[A-Za-z0-9]{20,}|pypi-[A-Za-z0-9_-]{20,}|oy2[a-z0-9]{40,}|gh[ps]_[A-Za-z0-9]{20,}/);
});
