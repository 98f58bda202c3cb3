// one_resource_preview: what a small stack pays for the native provider on every operation, as a YAML
// user runs it. A YAML program declaring one role, on the plugin executable installed from this
// machine's tarball (`pulumi plugin install --file`, as the release's users install it), previewed
// with no change, against the same CLI and YAML language host previewing a program with no provider at
// all: the CLI's own floor. Beyond the floor the role's preview pays for one start of the plugin (the
// YAML host reads the schema from the CLI's schema cache, written at the first preview) and its calls
// (CheckConfig, DiffConfig, Configure, Check and Diff), and the engine's own work for a provider and a
// resource. Beside them, as a reference with no target, the same program on a provider that does
// nothing, compiled in Go (compiled-noop.ts): what a compiled provider pays over the floor; and that
// provider started after a bare `node -e 0`: the least a plugin written in Node can pay (a Node start,
// then calls answered at a compiled provider's speed). The sides alternate run by run, and each figure
// is the median of the runs' ratios (each divides previews taken back to back), with its spread.
// Target: at most 1.15 (issue 61).
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../../../test/lib/engine";
import { startEmulatorProcess } from "../processes/emulator-process";
import { installCompiledNoop } from "./compiled-noop";
import { judge, median, round, summarize, type RatioSummary } from "../statistics/verdict";
import { installedExecutable } from "./plugin-ready";

export const ONE_RESOURCE_TARGET = 1.15;
const RUNS = 11;

export interface OneResourceFigure {
  bench: "one_resource_preview";
  runs: number;
  /** Median wall times of the no-change preview, ms: the role's program, and the program with no provider. */
  one_role_ms: number;
  no_provider_ms: number;
  /** The median of the runs' ratios, and their spread. */
  ratio: number;
  ratio_spread: number;
  ratio_q1: number;
  ratio_q3: number;
  /** Requests the emulator counted over the role's previews: a no-change preview sends none. */
  requests: number;
  /** The reference: the role's program on a compiled provider that does nothing, its median time and ratio to the floor, and ours to it. */
  compiled_noop_ms: number;
  compiled_noop_ratio: number;
  compiled_noop_spread: number;
  ratio_to_compiled_noop: number;
  /** The least a Node plugin pays: the compiled no-op started after a bare Node start, its median time and ratio to the floor, and ours to it. */
  node_least_ms: number;
  node_least_ratio: number;
  node_least_spread: number;
  ratio_to_node_least: number;
}

const run = promisify(execFile);

/** A YAML project with a stack `bench` on a file backend of its own, brought up once. */
async function yamlProject(
  dir: string,
  program: string,
  env: NodeJS.ProcessEnv,
  config: Record<string, { value: string; secret?: boolean }>,
) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program);
  const pulumi = (args: string[]) =>
    run("pulumi", [...args, "--non-interactive"], { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: Error & { stdout?: string; stderr?: string }) => {
        throw new Error(`${error.message} in ${dir}:\n${error.stdout ?? ""}${error.stderr ?? ""}`, { cause: error });
      },
    );
  await pulumi(["stack", "init", "bench"]);
  for (const [key, { value, secret }] of Object.entries(config))
    await pulumi(["config", "set", ...(secret ? ["--secret"] : []), key, value]);
  await pulumi(["up", "--yes", "--skip-preview"]);
  return async (): Promise<number> => {
    const started = process.hrtime.bigint();
    await pulumi(["preview"]);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
}

export async function benchOneResource(
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<OneResourceFigure> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-one-resource-"));
  const emulator = await startEmulatorProcess();
  try {
    const { tarball, version } = await installedExecutable(path.join(root, "tarball"));
    // The YAML language host, built once and cached (as npm test has it).
    const yamlHost = execFileSync("bash", [path.join(REPO_ROOT, "scripts", "bootstrap-pulumi-yaml.sh")], {
      encoding: "utf8",
    }).trim();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${yamlHost}${path.delimiter}${process.env.PATH}`,
      PULUMI_HOME: path.join(root, "home"),
      PULUMI_BACKEND_URL: `file://${path.join(root, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "bench",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    fs.mkdirSync(path.join(root, "backend"), { recursive: true });
    await run("pulumi", ["plugin", "install", "resource", "tcs", version, "--file", tarball], { env });
    const roleProgram = (name: string) =>
      `name: ${name}\nruntime: yaml\nresources:\n  ops:\n    type: tcs:Role\n    properties:\n      name: Ops\n      slug: ${name}\n      permissions: [thread_read]\n`;
    const settings = {
      "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
      "tcs:baseUrl": { value: emulator.url },
      "tcs:rateLimitTier": { value: "production" },
    };
    const oneRole = await yamlProject(path.join(root, "one-role"), roleProgram("one-role"), env, settings);
    const compiledEnv: NodeJS.ProcessEnv = { ...env, PULUMI_HOME: path.join(root, "home-compiled") };
    Object.assign(compiledEnv, installCompiledNoop(root, version, compiledEnv));
    const compiled = await yamlProject(path.join(root, "compiled"), roleProgram("compiled"), compiledEnv, settings);
    const afterNodeEnv = { ...compiledEnv, TCS_BENCH_NODE: process.execPath };
    const afterNode = await yamlProject(
      path.join(root, "after-node"),
      roleProgram("after-node"),
      afterNodeEnv,
      settings,
    );
    const noProvider = await yamlProject(
      path.join(root, "no-provider"),
      "name: no-provider\nruntime: yaml\noutputs:\n  answer: 42\n",
      env,
      {},
    );
    // One preview of each first, unmeasured: the page cache warm and the schema in each home's cache, as on any machine that ran it before.
    const previews = { one: oneRole, compiled, afterNode, none: noProvider };
    for (const preview of Object.values(previews)) await preview();
    const before = await requestCount(emulator.url);
    const times = { one: [] as number[], compiled: [] as number[], afterNode: [] as number[], none: [] as number[] };
    const sides = ["one", "compiled", "afterNode", "none"] as const;
    for (let k = 0; k < RUNS; k++) {
      // Forward and backward in turn, so that no side always runs on the warmer machine.
      for (const side of k % 2 === 0 ? sides : [...sides].reverse()) times[side].push(await previews[side]());
      log(
        `[bench]   one resource ${k + 1}/${RUNS}: the role ${times.one[k].toFixed(0)} ms, on a compiled no-op ${times.compiled[k].toFixed(0)} ms (after a Node start ${times.afterNode[k].toFixed(0)} ms), no provider ${times.none[k].toFixed(0)} ms`,
      );
    }
    const over = (a: number[], b: number[]) => summarize(a.map((time, k) => time / b[k]));
    const ratios: RatioSummary = over(times.one, times.none);
    const compiledRatios = over(times.compiled, times.none);
    const afterNodeRatios = over(times.afterNode, times.none);
    return {
      bench: "one_resource_preview",
      runs: RUNS,
      one_role_ms: Math.round(median(times.one)),
      no_provider_ms: Math.round(median(times.none)),
      ratio: ratios.median,
      ratio_spread: ratios.spread,
      ratio_q1: ratios.q1,
      ratio_q3: round(ratios.q3),
      requests: (await requestCount(emulator.url)) - before,
      compiled_noop_ms: Math.round(median(times.compiled)),
      compiled_noop_ratio: compiledRatios.median,
      compiled_noop_spread: compiledRatios.spread,
      ratio_to_compiled_noop: over(times.one, times.compiled).median,
      node_least_ms: Math.round(median(times.afterNode)),
      node_least_ratio: afterNodeRatios.median,
      node_least_spread: afterNodeRatios.spread,
      ratio_to_node_least: over(times.one, times.afterNode).median,
    };
  } finally {
    await emulator.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Every request of the API the emulator has answered so far (its control plane's counters). */
async function requestCount(url: string): Promise<number> {
  const response = await fetch(`${url}/_emulator/requests`);
  return ((await response.json()) as { total: number }).total;
}

/** The targets missed, if any: no request, and the ratio within 1.15 (judged as the other timed targets: statistics/verdict.ts). */
export function checkOneResource(figure: OneResourceFigure): string[] {
  const failures: string[] = [];
  if (figure.requests !== 0)
    failures.push(
      `one_resource_preview: the role's no-change previews sent ${figure.requests} requests (target: none)`,
    );
  const verdict = judge(
    { median: figure.ratio, spread: figure.ratio_spread, q1: figure.ratio_q1, q3: figure.ratio_q3 },
    ONE_RESOURCE_TARGET,
  );
  if (verdict === "missed") {
    failures.push(
      `one_resource_preview: ${figure.one_role_ms} ms against ${figure.no_provider_ms} ms with no provider, ${figure.ratio}x (target: within ${ONE_RESOURCE_TARGET}x)`,
    );
  }
  if (verdict === "too_noisy") {
    failures.push(
      `one_resource_preview: ${figure.ratio}x, but the middle half of the runs (${figure.ratio_q1} to ${figure.ratio_q3}) straddles the target ${ONE_RESOURCE_TARGET}x: too noisy to judge`,
    );
  }
  return failures;
}
