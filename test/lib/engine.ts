// Opens Pulumi stacks on the real CLI through the Automation API, with the program hosted in this
// process (no Node language host can be installed here; official CLI installs have one).
// Used by the runner, the demo, the benchmarks and the end-to-end tests, so every one of them drives
// the engine the same way.
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, type PulumiFn, type Stack, type ConfigMap } from "@pulumi/pulumi/automation";
import { recordingMessages } from "./message-log";

export const REPO_ROOT = path.resolve(__dirname, "..", "..");

/**
 * Gives each gRPC client of an inline program its own subchannel pool, once per copy of @pulumi/pulumi.
 *
 * Why: this process hosts program after program, and @pulumi/pulumi (3.259.0) never closes a run's
 * clients to the engine and the resource monitor: `runtime/settings.js` makes them per run in the
 * run's local store (`settings.engine`, `settings.monitor`, in getEngine/getMonitor), but
 * `disconnectSync` closes only the module-level `engine`/`monitor`. A run whose CLI has exited (a
 * preview that failed at check) leaves them open, and its last calls leave their subchannels in
 * TRANSIENT_FAILURE, reconnecting to a port nobody listens on. grpc-js shares subchannels between
 * channels to the same address through a process-wide pool, so when a later CLI's engine or monitor
 * happens to listen on such a reused port, the new run's first call gets that failing subchannel and
 * fails at once with `14 UNAVAILABLE: No connection established` although the server is up.
 * `automation/server.js` then swallows the gRPC error from `runInPulumiStack` and reports the run as
 * successful: the preview resolves with only the stack registered, and the rejection of
 * `setRootResource` surfaces later as an unhandled one (test/e2e/provider-bad-inputs.test.ts failed
 * so once). With a pool per channel a new client never inherits an old run's subchannel; within a
 * run nothing is lost (one client per address). The option object is internal to the SDK: if a
 * release drops it, nothing changes here.
 */
function isolateProgramChannels(): void {
  const settings = require("@pulumi/pulumi/runtime/settings") as { grpcClientOptions?: Record<string, unknown> };
  if (settings.grpcClientOptions) settings.grpcClientOptions["grpc.use_local_subchannel_pool"] = 1;
}
isolateProgramChannels();

export interface OpenStackOptions {
  /** The program: a function, or a module file whose default export (`export =`) is the program. */
  program: PulumiFn | string;
  /** Directory of the Pulumi project. Must lie inside the repo: the engine's Node plugins resolve
   *  @pulumi/pulumi and pulumi-tcs from their working directory. Gets a Pulumi.yaml if it has none. */
  workDir: string;
  stackName: string;
  /** Project name used when workDir has no Pulumi.yaml yet. */
  projectName?: string;
  /** A file backend directory of its own (tests isolate their state this way). */
  backendDir?: string;
  config?: ConfigMap;
  /** Extra environment for the CLI and its plugins (the provider plugin reads TCS_* from here). */
  env?: Record<string, string>;
  /** Pulumi.yaml's `plugins` for a new directory: e.g. the native provider, `{ providers: [{ name: "tcs", path: "<repo>/bin" }] }`. */
  plugins?: { providers?: Array<{ name: string; path: string; version?: string }> };
}

/** Loads a program module: `export = async () => {...}` or `export default`. */
export function loadProgram(file: string): PulumiFn {
  const resolved = path.resolve(file);

  const mod = require(resolved);
  const fn = typeof mod === "function" ? mod : mod?.default;
  if (typeof fn !== "function") {
    throw new Error(`${file} must export its program function (export = async () => { ... })`);
  }
  return fn;
}

export async function openStack(options: OpenStackOptions): Promise<Stack> {
  const workDir = path.resolve(options.workDir);
  const relative = path.relative(REPO_ROOT, workDir);
  if (relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new Error(
      `workDir ${workDir} must be inside ${REPO_ROOT}: the engine's Node plugins resolve their packages from it`,
    );
  }
  fs.mkdirSync(workDir, { recursive: true });
  const program = typeof options.program === "string" ? loadProgram(options.program) : options.program;

  const envVars: Record<string, string> = { ...options.env };
  if (options.backendDir) {
    fs.mkdirSync(options.backendDir, { recursive: true });
    envVars.PULUMI_BACKEND_URL = `file://${path.resolve(options.backendDir)}`;
  }
  const hasProject = ["Pulumi.yaml", "Pulumi.yml", "Pulumi.json"].some((f) => fs.existsSync(path.join(workDir, f)));
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: options.stackName, projectName: options.projectName ?? "tcs", program },
    {
      workDir,
      envVars,
      // Only for a new directory: passing project settings rewrites an existing Pulumi.yaml.
      // (ProjectSettings has no `plugins`, but the settings are written to Pulumi.yaml as given.)
      ...(hasProject
        ? {}
        : {
            projectSettings: {
              name: options.projectName ?? "tcs",
              runtime: "nodejs" as const,
              ...(options.plugins ? { plugins: options.plugins } : {}),
            },
          }),
    },
  );
  if (options.config) await stack.setAllConfig(options.config);
  return recordingMessages(stack);
}
