// The native door: Pulumi's provider protocol (ResourceProvider, gRPC) served from the stubs that ship
// with @pulumi/pulumi, as its own dynamic-provider host serves them. Every language's program reaches
// the same plugin object (engine/tcs-plugin.ts) through it: one process per provider instance, so one
// environment. This file only translates messages; resource-calls.ts, settings/provider.ts and
// invoke.ts say what each call means.
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { TcsPlugin } from "../engine/tcs-plugin";
import { checkedSettings, configureProvider, providerSettingsDiff } from "../settings/provider";
import { invokeFunction } from "./invoke";
import { propsOf, secret, type Props } from "./properties";
import { ResourceCalls, type FieldChange } from "./resource-calls";
import { schemaResponse, pluginVersion } from "./schema";
import { aboutResource } from "../engine/resource-context";

type Unary<Req, Res> = (call: grpc.ServerUnaryCall<Req, Res>, callback: grpc.sendUnaryData<Res>) => void;

/**
 * A resource call's request as its handler reads it: the names and plain properties, decoded as the
 * message arrives. gRPC keeps the request of a call until the call is answered (grpc-js holds it in
 * the call and its listener), and a refresh's reads wait on scans while the engine's requests keep
 * coming: kept as google-protobuf messages (every Struct a tree of Value wrappers), the requests in
 * flight outlived the young generation's scavenges (semi-spaces of 1 MB in this process:
 * engine/process/v8-settings.ts) and reached the old one, as garbage that piled up there until a full
 * collection. Measured by a sampling heap profile of the objects scavenges did not free, in a refresh
 * at N = 2000: 33 MB decoded for ReadRequests and 44 MB for DiffRequests; the refresh's peak grew by
 * 12 to 21 KB a resource between N = 500 and 2000. Decoded here, the message is garbage as soon as it
 * is read, within the young generation, and the call holds only its plain values.
 */
export interface ResourceRequest {
  type: string;
  urn: string;
  id: string;
  olds: Props;
  news: Props;
  properties: Props;
  inputs: Props;
  /** Whether the request carried properties at all: a ReadRequest of an import carries none, that of a `get` those it declares. */
  propertiesSent: boolean;
}

type RequestMessage = {
  getType(): string;
  getUrn(): string;
  getId?(): string;
  getOlds?(): Struct | undefined;
  getNews?(): Struct | undefined;
  getProperties?(): Struct | undefined;
  hasProperties?(): boolean;
  getInputs?(): Struct | undefined;
};

function plainRequest(message: RequestMessage): ResourceRequest {
  return {
    type: message.getType(),
    urn: message.getUrn(),
    id: message.getId?.() ?? "",
    olds: propsOf(message.getOlds?.()),
    news: propsOf(message.getNews?.()),
    properties: propsOf(message.getProperties?.()),
    propertiesSent: message.hasProperties?.() ?? false,
    inputs: propsOf(message.getInputs?.()),
  };
}

const RESOURCE_METHODS = {
  check: provproto.CheckRequest,
  diff: provproto.DiffRequest,
  create: provproto.CreateRequest,
  read: provproto.ReadRequest,
  update: provproto.UpdateRequest,
  delete: provproto.DeleteRequest,
} as const;

/**
 * The ResourceProvider service whose resource calls' requests arrive as ResourceRequests (the others as
 * messages), and whose GetSchema answers with the response's bytes as they are (schema.ts).
 */
export const providerServiceDefinition: grpc.ServiceDefinition = (() => {
  const service = provrpc.ResourceProviderService as grpc.ServiceDefinition;
  const definition: Record<string, grpc.MethodDefinition<unknown, unknown>> = { ...service };
  for (const [name, message] of Object.entries(RESOURCE_METHODS)) {
    definition[name] = {
      ...service[name],
      requestDeserialize: (bytes: Buffer) =>
        plainRequest(
          message.deserializeBinary(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as RequestMessage,
        ),
    };
  }
  definition.getSchema = {
    ...service.getSchema,
    responseSerialize: (response: Buffer) => response,
  } as grpc.MethodDefinition<unknown, unknown>;
  return definition;
})();

/** A handler whose thrown error reaches the engine as the call's error, its message shown to the user. */
function unary<Req, Res>(handle: (request: Req) => Promise<Res> | Res): Unary<Req, Res> {
  return (call, callback) => {
    // A resource call's work is that resource's: what it waits for is shown on its line (resource-context.ts).
    const urn = (call.request as { urn?: unknown }).urn;
    Promise.resolve()
      .then(() => aboutResource(typeof urn === "string" ? urn : undefined, () => handle(call.request)))
      .then(
        (response) => callback(null, response),
        (error: unknown) =>
          callback({ code: grpc.status.UNKNOWN, details: error instanceof Error ? error.message : String(error) }),
      );
  };
}

function unimplemented(name: string): Unary<unknown, unknown> {
  return (_call, callback) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented by the tcs provider` });
}

const PROPERTY_DIFF_KIND: Record<FieldChange, [provproto.PropertyDiff.Kind, provproto.PropertyDiff.Kind]> = {
  add: [provproto.PropertyDiff.Kind.ADD, provproto.PropertyDiff.Kind.ADD_REPLACE],
  delete: [provproto.PropertyDiff.Kind.DELETE, provproto.PropertyDiff.Kind.DELETE_REPLACE],
  update: [provproto.PropertyDiff.Kind.UPDATE, provproto.PropertyDiff.Kind.UPDATE_REPLACE],
};

function checkResponse(inputs: Props, failures: { property: string; reason: string }[]): provproto.CheckResponse {
  const response = new provproto.CheckResponse();
  response.setInputs(Struct.fromJavaScript(inputs as Record<string, never>));
  response.setFailuresList(
    failures.map((failure) => {
      const message = new provproto.CheckFailure();
      message.setProperty(failure.property);
      message.setReason(failure.reason);
      return message;
    }),
  );
  return response;
}

type Handlers = Partial<Record<keyof provrpc.IResourceProviderServer, unknown>>;

/** The ResourceProvider service over one plugin object (served with providerServiceDefinition). */
export function providerService(plugin: TcsPlugin): grpc.UntypedServiceImplementation {
  return {
    ...pluginHandlers(),
    ...configHandlers(plugin),
    ...resourceHandlers(new ResourceCalls((kind) => plugin.engineFor(kind))),
    invoke: unary(async (request: provproto.InvokeRequest) => {
      const result = await invokeFunction(plugin, request.getTok(), propsOf(request.getArgs()));
      const response = new provproto.InvokeResponse();
      response.setReturn(Struct.fromJavaScript(result as Record<string, never>));
      return response;
    }),
    ...unimplementedHandlers(),
  } satisfies Record<keyof provrpc.IResourceProviderServer, unknown> as grpc.UntypedServiceImplementation;
}

/** What the plugin is: its version and schema; and cancellation, which ends the run's waits (the engine stops this process when the run ends: engine-watch.ts). */
function pluginHandlers() {
  return {
    getPluginInfo: unary(() => {
      const info = new plugproto.PluginInfo();
      info.setVersion(pluginVersion());
      return info;
    }),
    getSchema: unary(() => schemaResponse()),
    cancel: unary(() => new Empty()),
  } satisfies Handlers;
}

function configHandlers(plugin: TcsPlugin) {
  return {
    checkConfig: unary(async (request: provproto.CheckRequest) => {
      const { inputs, failures } = await checkedSettings(
        request.getUrn(),
        propsOf(request.getOlds()),
        propsOf(request.getNews()),
      );
      return checkResponse(inputs, failures);
    }),
    diffConfig: unary(async (request: provproto.DiffRequest) => {
      const { changed, replaces } = await providerSettingsDiff(
        request.getUrn(),
        propsOf(request.getOldInputs() ?? request.getOlds()),
        propsOf(request.getNews()),
      );
      const response = new provproto.DiffResponse();
      response.setChanges(
        changed.length > 0
          ? provproto.DiffResponse.DiffChanges.DIFF_SOME
          : provproto.DiffResponse.DiffChanges.DIFF_NONE,
      );
      response.setDiffsList(changed);
      response.setReplacesList(replaces);
      return response;
    }),
    configure: unary((request: provproto.ConfigureRequest) => {
      configureProvider(
        plugin,
        propsOf(request.getArgs()),
        request.getVariablesMap().getEntryList(),
        request.getUrn() ?? "",
      );
      const response = new provproto.ConfigureResponse();
      response.setAcceptsecrets(true);
      response.setSupportspreview(false);
      return response;
    }),
  } satisfies Handlers;
}

function resourceHandlers(calls: ResourceCalls) {
  return {
    check: unary(async (request: ResourceRequest) => {
      const { inputs, failures } = await calls.check(request.type, request.urn, request.olds, request.news);
      return checkResponse(inputs, failures);
    }),
    diff: unary(async (request: ResourceRequest) =>
      diffResponse(await calls.diff(request.type, request.id, request.olds, request.news)),
    ),
    create: unary(async (request: ResourceRequest) => {
      const created = await calls.create(request.type, request.urn, request.properties);
      const response = new provproto.CreateResponse();
      response.setId(created.id);
      response.setProperties(Struct.fromJavaScript(created.outputs as Record<string, never>));
      return response;
    }),
    read: unary(async (request: ResourceRequest) => {
      const read = await calls.read(
        request.type,
        request.urn,
        request.id,
        request.properties,
        request.inputs,
        !request.propertiesSent,
      );
      const response = new provproto.ReadResponse();
      if (read.id === undefined) return response;
      response.setId(read.id);
      response.setProperties(Struct.fromJavaScript(read.outputs as Record<string, never>));
      response.setInputs(Struct.fromJavaScript(read.inputs as Record<string, never>));
      return response;
    }),
    update: unary(async (request: ResourceRequest) => {
      const outputs = await calls.update(request.type, request.urn, request.id, request.olds, request.news);
      const response = new provproto.UpdateResponse();
      response.setProperties(Struct.fromJavaScript(outputs as Record<string, never>));
      return response;
    }),
    delete: unary(async (request: ResourceRequest) => {
      await calls.delete(request.type, request.urn, request.id, request.properties);
      return new Empty();
    }),
  } satisfies Handlers;
}

function diffResponse(diff: Awaited<ReturnType<ResourceCalls["diff"]>>): provproto.DiffResponse {
  const response = new provproto.DiffResponse();
  response.setChanges(
    diff.changes ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE,
  );
  response.setReplacesList(diff.replaces);
  response.setDeletebeforereplace(diff.deleteBeforeReplace);
  response.setDiffsList(Object.keys(diff.fields));
  response.setHasdetaileddiff(true);
  const detailed = response.getDetaileddiffMap();
  for (const [name, field] of Object.entries(diff.fields)) {
    const property = new provproto.PropertyDiff();
    property.setKind(PROPERTY_DIFF_KIND[field.change][field.replaces ? 1 : 0]);
    property.setInputdiff(true);
    detailed.set(name, property);
  }
  return response;
}

function unimplementedHandlers() {
  return {
    handshake: unimplemented("Handshake"),
    parameterize: unimplemented("Parameterize"),
    call: unimplemented("Call"),
    construct: unimplemented("Construct"),
    attach: unimplemented("Attach"),
    getMapping: unimplemented("GetMapping"),
    getMappings: unimplemented("GetMappings"),
    list: (call: grpc.ServerWritableStream<unknown, unknown>) =>
      call.emit("error", { code: grpc.status.UNIMPLEMENTED, details: "List is not implemented by the tcs provider" }),
  } satisfies Handlers;
}

/**
 * Runs the messages of a preview with no changes through the code that reads and writes them, once,
 * keeping nothing: each request's decoding as it arrives (Structs, secrets), each response's writing,
 * and a handler's promise chain. The plugin executable's startup snapshot is taken after it
 * (launch.ts: preloadPlugin), and holds that code compiled, which every start would otherwise compile
 * as the engine's first calls arrive. Plain values only: no plugin object, no settings, no request.
 * @public launch.ts calls it through a `require` that knip does not follow.
 */
export function rehearseMessages(): void {
  const props: Props = {
    name: "Ops",
    slug: "ops",
    permissions: ["thread_read"],
    count: 1,
    on: true,
    none: null,
    nested: { a: [1, "b"] },
    key: secret("s"),
  };
  const struct = () => Struct.fromJavaScript(props as Record<string, never>);
  for (const [name, message] of Object.entries(RESOURCE_METHODS)) {
    const request = new message();
    // Each request message has some of these fields: the ones it has are set.
    const setters: Record<string, unknown> = {
      setUrn: "urn:pulumi:stack::project::tcs:index:Role::ops",
      setType: "tcs:index:Role",
      setId: "rol_00000000000000000000",
    };
    for (const setter of ["setOlds", "setNews", "setProperties", "setInputs", "setOldInputs"])
      setters[setter] = struct();
    for (const [setter, value] of Object.entries(setters)) {
      const set = (request as object as Record<string, ((value: unknown) => unknown) | undefined>)[setter];
      set?.call(request, value);
    }
    (providerServiceDefinition[name].requestDeserialize as (bytes: Buffer) => ResourceRequest)(
      Buffer.from(request.serializeBinary()),
    );
  }
  const config = new provproto.ConfigureRequest();
  config.setArgs(struct());
  config.getVariablesMap().set("tcs:config:baseUrl", "http://127.0.0.1");
  const configured = provproto.ConfigureRequest.deserializeBinary(config.serializeBinary());
  propsOf(configured.getArgs());
  configured.getVariablesMap().getEntryList();
  checkResponse(props, [{ property: "name", reason: "rehearsal" }]).serializeBinary();
  diffResponse({
    changes: true,
    replaces: ["slug"],
    deleteBeforeReplace: false,
    fields: { name: { change: "update", replaces: false } },
  }).serializeBinary();
  new provproto.ConfigureResponse().setAcceptsecrets(true).serializeBinary();
  new plugproto.PluginInfo().setVersion("0.0.0").serializeBinary();
  unary(() => new Empty())({ request: {} } as grpc.ServerUnaryCall<unknown, Empty>, () => undefined);
}
