// The engine's Log service, for the native plugin's warnings: the engine starts the plugin with its
// own address as the first argument, and shows what is logged there in the run's diagnostics (a
// native plugin's stderr, unlike the dynamic provider host's, is not shown).
import * as grpc from "@grpc/grpc-js";
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";

/** Sends a warning to the engine at `address`; a failed send falls back to stderr, so nothing is lost silently. */
export function engineWarnings(address: string): (message: string) => void {
  const engine = new engrpc.EngineClient(address, grpc.credentials.createInsecure());
  return (message) => {
    const request = new engproto.LogRequest();
    request.setSeverity(engproto.LogSeverity.WARNING);
    request.setMessage(message);
    engine.log(request, (error) => {
      if (error) process.stderr.write(`warning: ${message}\n`);
    });
  };
}
