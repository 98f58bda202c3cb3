// pulumi-resource-tcs: the native provider plugin's process. The engine starts it (bin/pulumi-resource-tcs),
// reads the port it prints on its first line of stdout, and calls the ResourceProvider service there;
// it ends with the engine (engine-watch.ts) or when the engine stops it. Loading this module starts
// nothing (launch.ts calls servePlugin): the executable's startup snapshot is taken with it loaded.
// First, before anything allocates: the V8 settings of the plugin's process, as the dynamic door's
// impl.ts loads them. Without them the young generation of this process grew, in a refresh, to 53 MB
// at N = 500 and 106 MB at N = 2000 (peaks of 173 and 242 MB; 82 to 146 MB with them, every operation
// lower at both sizes).
import "../engine/process/v8-settings";
import "./v8-settings";
// Then the cache of compiled modules, for gRPC's and ours (this process started in about 150 ms
// from the cache, 160 without).
import { saveCompiledModules } from "../engine/process/compile-cache";
import * as grpc from "@grpc/grpc-js";
import { createServer, type AddressInfo } from "node:net";
import { watchEngine } from "../engine/process/engine-watch";
import { sendStatusTo, sendWarningsTo } from "../engine/warn";
import { engineStatus, engineWarnings } from "./engine-log";
import { TcsPlugin } from "../engine/tcs-plugin";
import { providerService, providerServiceDefinition } from "./server";

/** Pulumi's own limit for a provider's messages (a large stack's state passes through them). */
const MAX_MESSAGE_BYTES = 400 * 1024 * 1024;

/** Serves the provider on a port of its own; `engineAddress` (the engine's last argument: plugin-args.ts), where warnings go. */
export function servePlugin(engineAddress: string | undefined): void {
  // Started by the engine directly (the script execs node), with a pipe as stdin that only the engine writes.
  watchEngine({ stdin: true });
  if (engineAddress) {
    sendWarningsTo(engineWarnings(engineAddress));
    sendStatusTo(engineStatus(engineAddress));
  }
  const server = new grpc.Server({
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
  });
  server.addService(providerServiceDefinition, providerService(new TcsPlugin()));
  // The port goes out as soon as the listener has one: the engine waits for that line before it dials,
  // and the server's HTTP/2 side is made while it does (in the executable, that loads Node's HTTP/2
  // modules, which its snapshot cannot hold). A connection that arrives first makes it then.
  let connections: ReturnType<grpc.Server["createConnectionInjector"]> | undefined;
  const grpcServer = () => (connections ??= server.createConnectionInjector(grpc.ServerCredentials.createInsecure()));
  // Loopback only: the engine runs on this machine. The engine's connections are handed to gRPC as
  // they arrive from a listener of our own: grpc-js's bindAsync first resolves the address through its
  // resolvers (a DNS channel, an IPv6 check), a few ms of every start for an address that is a number.
  const listener = createServer((socket) => grpcServer().injectConnection(socket));
  listener.on("error", (error) => {
    process.stderr.write(`pulumi-resource-tcs: cannot listen: ${error.message}\n`);
    process.exit(1);
  });
  listener.listen(0, "127.0.0.1", () => {
    process.stdout.write(`${(listener.address() as AddressInfo).port}\n`);
    grpcServer();
    saveCompiledModules();
  });
}
