// The process that hosts inline programs (test/lib/engine.ts: the runner, demo, benchmarks and
// every e2e test) runs program after program, each talking gRPC to its own CLI. @pulumi/pulumi leaves a
// run's engine client open after the run, and a run whose CLI exited first leaves it failing to
// reconnect. A later CLI whose engine reuses that port must still be reachable: before, the new run's
// first call (setRootResource) got the old, failing subchannel from grpc-js's process-wide pool and
// failed with 14 UNAVAILABLE, which the SDK's language server swallows, so the preview "succeeded"
// with only the stack registered (the flake of test/e2e/provider-bad-inputs.test.ts).
import * as net from "node:net";
import * as path from "node:path";
import * as settings from "@pulumi/pulumi/runtime/settings";
// Loading the module that opens stacks is what a process hosting inline programs does first.
import "../../lib/engine";

// The subchannel pool is per copy of grpc-js: use the one @pulumi/pulumi's clients use.
const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [pulumiDir] })) as typeof import("@grpc/grpc-js");
const engrpc = require("@pulumi/pulumi/proto/engine_grpc_pb");
const engproto = require("@pulumi/pulumi/proto/engine_pb");
const { withLocalStorage } = require("@pulumi/pulumi/runtime/state") as { withLocalStorage<T>(run: () => T): T };

type EngineClient = import("@grpc/grpc-js").Client & {
  setRootResource(req: unknown, cb: (err: import("@grpc/grpc-js").ServiceError | null) => void): void;
};

/** A port nothing listens on (for now). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A CLI's engine service, as far as a program's first call needs it. */
async function engineServer(port: number): Promise<import("@grpc/grpc-js").Server> {
  const server = new grpc.Server();
  server.addService(engrpc.EngineService, {
    setRootResource: (_call: unknown, done: (err: null, res: unknown) => void) =>
      done(null, new engproto.SetRootResourceResponse()),
  });
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (err) =>
      err ? reject(err) : resolve(),
    ),
  );
  return server;
}

/** One program run's first engine call, with the client the SDK makes for the run (and leaves open). */
function runFirstCall(engineAddr: string): Promise<{ client: EngineClient; outcome: string }> {
  return withLocalStorage(async () => {
    settings.resetOptions("tcs", "stack", 1, engineAddr, "", true, "");
    const client = settings.getEngine() as unknown as EngineClient;
    const request = new engproto.SetRootResourceRequest();
    request.setUrn("urn:pulumi:stack::tcs::pulumi:pulumi:Stack::tcs-stack");
    const outcome = await new Promise<string>((resolve) =>
      client.setRootResource(request, (err) => resolve(err ? `${err.code} ${err.details}` : "ok")),
    );
    return { client, outcome };
  });
}

describe("inline programs hosted one after another", () => {
  it("reach a new CLI's engine on a port an earlier run's CLI used, although that run's client is still failing", async () => {
    const port = await freePort();
    // An earlier run whose CLI has exited: its call fails, and its client, left open, keeps failing.
    const earlier = await runFirstCall(`127.0.0.1:${port}`);
    expect(earlier.outcome).toMatch(/^14 /);
    // The next CLI's engine listens on the same port (the kernel hands out ports again).
    const server = await engineServer(port);
    try {
      const next = await runFirstCall(`127.0.0.1:${port}`);
      next.client.close();
      expect(next.outcome).toBe("ok");
    } finally {
      earlier.client.close();
      server.forceShutdown();
    }
  });
});
