// pulumi-resource-tcs where it cannot run (a Node.js older than 22): bin/pulumi-resource-tcs starts
// this (through refusal-main.ts) instead of main.ts, with the one-line message. A plugin that exits before
// printing its port is reported by the engine as "could not read plugin … exit status 1" (by the YAML
// host once per resource), and one that exits without answering Cancel as "Detected that … exited
// prematurely. This is *always* a bug in the provider". So this process serves the protocol and
// refuses through it:
//   - GetPluginInfo and GetSchema answer (the engine drops a plugin whose GetPluginInfo fails without
//     a Cancel, and the YAML host needs the schema to reach the provider at all);
//   - CheckConfig fails the provider resource with the message, once for the run;
//   - Cancel answers, so the engine stops the process as it stops a healthy one;
//   - every other call (Configure for a refresh or destroy, which skip CheckConfig) fails with it.
// It loads only gRPC, the protocol's stubs and Node's own modules, which run on older Node.js.
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { watchEngine } from "../engine/process/engine-watch";
import { pluginVersion, schemaText } from "./schema";

type Handler = (
  call: grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown>,
  callback?: grpc.sendUnaryData<unknown>,
) => void;

/** The ResourceProvider service, every call of it answering as the header says. */
export function refusingService(message: string): grpc.UntypedServiceImplementation {
  const answer =
    (respond: (request: unknown) => unknown): Handler =>
    (call, callback) =>
      callback?.(null, respond(call.request));
  const refuse: Handler = (call, callback) => {
    const error = { code: grpc.status.FAILED_PRECONDITION, details: message };
    if (callback) callback(error);
    else call.emit("error", error);
  };
  const handlers: Record<string, Handler> = {};
  for (const name of Object.keys(provrpc.ResourceProviderService)) handlers[name] = refuse;
  handlers.getPluginInfo = answer(() => {
    const info = new plugproto.PluginInfo();
    info.setVersion(pluginVersion());
    return info;
  });
  handlers.getSchema = answer(() => new provproto.GetSchemaResponse().setSchema(schemaText()));
  handlers.checkConfig = answer((request) => {
    const response = new provproto.CheckResponse();
    response.setInputs((request as provproto.CheckRequest).getNews() ?? new Struct());
    // No property: the engine prints it as the provider resource's problem, in one line.
    response.setFailuresList([new provproto.CheckFailure().setProperty("").setReason(message)]);
    return response;
  });
  // Not implemented, as on the working plugin (server.ts): the engine carries on without it.
  handlers.handshake = (_call, callback) =>
    callback?.({ code: grpc.status.UNIMPLEMENTED, details: "Handshake is not implemented by the tcs provider" });
  handlers.cancel = answer(() => new Empty());
  return handlers as grpc.UntypedServiceImplementation;
}

/**
 * Serves the refusing service and prints its port, as main.ts does for the working one.
 * @public refusal-main.ts calls it through a guarded `require` that knip does not follow.
 */
export function serveRefusal(message: string): void {
  watchEngine({ stdin: true });
  const server = new grpc.Server();
  server.addService(provrpc.ResourceProviderService as grpc.ServiceDefinition, refusingService(message));
  server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
    if (error) {
      // The engine shows a plugin's stderr when it exits before its port: the message still reaches the user.
      process.stderr.write(`${message}\n`);
      process.exit(1);
    }
    process.stdout.write(`${port}\n`);
  });
}
