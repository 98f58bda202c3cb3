// The engine's Log service, for the native plugin's warnings: the engine starts the plugin with its
// own address as the first argument, and shows what is logged there in the run's diagnostics (a
// native plugin's stderr, unlike the dynamic provider host's, is not shown).
// Most runs warn about nothing, so the Log service's client (its generated messages and a gRPC
// channel) is loaded with the first warning, not on every start of the plugin.
import type { EngineClient } from "@pulumi/pulumi/proto/engine_grpc_pb";
import type { Warning } from "../engine/warn";

interface Engine {
  client: EngineClient;
  proto: typeof import("@pulumi/pulumi/proto/engine_pb");
}

async function connect(address: string): Promise<Engine> {
  const [grpc, engrpc, proto] = await Promise.all([
    import("@grpc/grpc-js"),
    import("@pulumi/pulumi/proto/engine_grpc_pb"),
    import("@pulumi/pulumi/proto/engine_pb"),
  ]);
  return { client: new engrpc.EngineClient(address, grpc.credentials.createInsecure()), proto };
}

/** The one connection to the engine at an address: every message waits on it, so they arrive in the order sent. */
function engineAt(address: string): () => Promise<Engine> {
  let engine: Promise<Engine> | undefined;
  return () => (engine ??= connect(address));
}

/** Sends a warning to the engine at `address`; a failed send falls back to stderr, so nothing is lost silently. */
export function engineWarnings(address: string): (warning: Warning) => void {
  const engine = engineAt(address);
  return ({ message, urn }) => {
    const toStderr = () => process.stderr.write(`warning: ${message}\n`);
    engine().then(({ client, proto }) => {
      const request = new proto.LogRequest();
      request.setSeverity(proto.LogSeverity.WARNING);
      request.setMessage(message);
      // With a resource's URN, the engine shows the warning with that resource.
      if (urn) request.setUrn(urn);
      client.log(request, (error) => {
        if (error) toStderr();
      });
    }, toStderr);
  };
}

/**
 * Sends a resource's status to the engine at `address` as an ephemeral message: the engine shows it on
 * the resource's line while it lasts (the next one replaces it) and keeps it out of the run's
 * diagnostics. A status that cannot be sent is dropped: the warning the wait also gives is not.
 */
export function engineStatus(address: string): (status: Warning) => void {
  const engine = engineAt(address);
  return ({ message, urn }) => {
    engine().then(
      ({ client, proto }) => {
        const request = new proto.LogRequest();
        request.setSeverity(proto.LogSeverity.INFO);
        request.setMessage(message);
        request.setEphemeral(true);
        if (urn) request.setUrn(urn);
        client.log(request, () => undefined);
      },
      () => undefined,
    );
  };
}
