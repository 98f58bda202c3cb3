// Where a preview's time goes inside the provider plugin, against the same-shape floor's plugin (which
// does nothing, on resources of the same properties: the gRPC messages the engine and the host encode
// are the same size on both sides): the engine's dynamic-provider plugin is started here as the engine
// starts it, and driven over gRPC with the resources of a stack that `up` just made, exactly as a
// preview with no changes drives it (Check with the recorded inputs, then Diff against the recorded
// outputs). Three figures per stack:
// - start: from spawning the plugin to the answer to its first Check (loading Node, @pulumi/pulumi,
//   and, on the first call, the provider's own code), the median of a few starts;
// - check and diff: the time per resource of every resource's Check and Diff, one at a time;
// - state: the bytes each resource adds to the checkpoint the engine rewrites after every step.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { isSecretEnvelope } from "../../../provider/secret-signature";
import { REPO_ROOT } from "../../../test/lib/engine";

/* eslint-disable @typescript-eslint/no-require-imports */
// The plugin's own gRPC stack and messages, from the @pulumi/pulumi the engine runs.
const pulumiDir = require.resolve("@pulumi/pulumi", { paths: [REPO_ROOT] });
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [pulumiDir] })) as typeof import("@grpc/grpc-js");
const struct = require(require.resolve("google-protobuf/google/protobuf/struct_pb", { paths: [pulumiDir] }));
const providerRpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
const providerProto = require("@pulumi/pulumi/proto/provider_pb");
/* eslint-enable @typescript-eslint/no-require-imports */

const PLUGIN = require.resolve("@pulumi/pulumi/cmd/dynamic-provider", { paths: [REPO_ROOT] });
const STARTS = 3;

export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

export interface PluginProfile {
  /** Spawn to the first Check answered, ms (median of a few starts). */
  startMs: number;
  checkUs: number;
  diffUs: number;
  resources: number;
}

type Call = (method: string, request: unknown) => Promise<unknown>;

function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  // A secret in an exported state; the engine sends a dynamic provider the plain value.
  if (isSecretEnvelope(record)) return plain(JSON.parse(String(record.plaintext)));
  return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, plain(inner)]));
}

async function startPlugin(env: Record<string, string>): Promise<{ child: ChildProcess; call: Call; close(): void }> {
  // The engine's address is required on the command line; a no-change Check and Diff never use it.
  const child = spawn(process.execPath, [PLUGIN, "127.0.0.1:1"], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the dynamic-provider plugin exited with ${code}`)));
  });
  const client = new providerRpc.ResourceProviderClient(`127.0.0.1:${port.trim()}`, grpc.credentials.createInsecure());
  const call: Call = (method, request) =>
    new Promise((resolve, reject) =>
      client[method](request, (error: Error | null, response: unknown) => (error ? reject(error) : resolve(response))),
    );
  return {
    child,
    call,
    close() {
      client.close();
      child.kill("SIGKILL");
    },
  };
}

function configureRequest(config: Record<string, string>) {
  const request = new providerProto.ConfigureRequest();
  request.setArgs(struct.Struct.fromJavaScript(config));
  return request;
}

function checkRequest(resource: StateResource) {
  const inputs = plain(resource.inputs ?? {});
  const request = new providerProto.CheckRequest();
  request.setUrn(resource.urn);
  request.setOlds(struct.Struct.fromJavaScript(inputs));
  request.setNews(struct.Struct.fromJavaScript(inputs));
  return request;
}

function diffRequest(resource: StateResource) {
  const request = new providerProto.DiffRequest();
  request.setId(resource.id ?? "");
  request.setUrn(resource.urn);
  request.setOlds(struct.Struct.fromJavaScript(plain(resource.outputs ?? {})));
  request.setNews(struct.Struct.fromJavaScript(plain(resource.inputs ?? {})));
  return request;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Profiles the plugin on a stack's resources as `exportStack` gives them (secrets in plain text, as the
 * engine sends them to a dynamic provider), configured with `config` (the provider's settings as the
 * engine passes them: `tcs:apiKey` and the like), with `env` added to the plugin's environment.
 */
export async function profilePlugin(
  resources: StateResource[],
  config: Record<string, string>,
  env: Record<string, string> = {},
): Promise<PluginProfile> {
  if (resources.length === 0) throw new Error("no resources to profile the plugin with");
  const starts: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const started = performance.now();
    const plugin = await startPlugin(env);
    try {
      await plugin.call("configure", configureRequest(config));
      await plugin.call("check", checkRequest(resources[0]));
      starts.push(performance.now() - started);
    } finally {
      plugin.close();
    }
  }

  const plugin = await startPlugin(env);
  try {
    await plugin.call("configure", configureRequest(config));
    let started = performance.now();
    for (const resource of resources) {
      const response = (await plugin.call("check", checkRequest(resource))) as { getFailuresList(): unknown[] };
      if (response.getFailuresList().length > 0)
        throw new Error(`${resource.urn}: check failed on its own recorded inputs`);
    }
    const checkMs = performance.now() - started;
    started = performance.now();
    for (const resource of resources) {
      const response = (await plugin.call("diff", diffRequest(resource))) as { getChanges(): number };
      if (response.getChanges() === providerProto.DiffResponse.DiffChanges.DIFF_SOME)
        throw new Error(`${resource.urn}: a diff of its own state planned a change`);
    }
    const diffMs = performance.now() - started;
    return {
      startMs: Math.round(median(starts)),
      checkUs: Math.round((checkMs * 1000) / resources.length),
      diffUs: Math.round((diffMs * 1000) / resources.length),
      resources: resources.length,
    };
  } finally {
    plugin.close();
  }
}
