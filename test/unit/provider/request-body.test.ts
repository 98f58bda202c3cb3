// What each binding sends on create and update (engine/request-body.ts): every input the
// service holds on create, every one that changes in place on update, each as declared, against the
// shape (a field left out of a body fails here) and against the SDK's params. The compiler checks a
// create body's keys against its params; for an update it cannot (which inputs change in place is a
// value, not a type), so the params are read here from the SDK's types.
//
// The client is a recording stand-in: the claim is about which keys a binding passes to the SDK, not
// about the service (the model tests run the bindings against the emulator).
import * as path from "node:path";
import ts from "typescript";
import type { ToolConnectivityClient } from "../../../sdk";
import { BINDINGS } from "../../../provider/engine/bindings";
import type { AnyBinding, ApiContext } from "../../../provider/engine/binding";
import { ReadBatcher } from "../../../provider/engine/read-batcher";
import { createBody, updateBody } from "../../../provider/engine/request-body";
import { SHAPES } from "../../../provider/shapes";
import { MARKER_KEY } from "../../../provider/shapes/reserved";
import {
  defineShape,
  optional,
  required,
  setting,
  type Field,
  type ResourceKind,
} from "../../../provider/shapes/shape";

const ROOT = path.resolve(__dirname, "../../..");
const KINDS = Object.keys(BINDINGS) as ResourceKind[];
/** Updates that are a PUT, which replaces the object whole: an input not declared is left out, not cleared. */
const REPLACED_WHOLE_BY_UPDATE: ReadonlySet<ResourceKind> = new Set(["Role"]);

type Props = Record<string, unknown>;

interface Call {
  /** The SDK method called, from the client: `["callbacks", "instances", "create"]`. */
  method: string[];
  args: unknown[];
}

/** A client that records every call and answers each with a record of id `rec_1`. */
function recordingContext(): { ctx: ApiContext; calls: Call[] } {
  const calls: Call[] = [];
  const at = (method: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, name) => at([...method, String(name)]),
      apply: (_target, _this, args: unknown[]) => {
        calls.push({ method, args });
        return Promise.resolve({ id: "rec_1" });
      },
    });
  const ctx: ApiContext = {
    client: at([]) as ToolConnectivityClient,
    reads: new ReadBatcher(),
    orphans: new ReadBatcher(),
    markerSecret: Buffer.alloc(32),
    takenOver: new Set(),
    claimed: new Set(),
    settingsFingerprint: "",
    environment: () => Promise.reject(new Error("this test records no environment")),
    learnEnvironment: () => undefined,
  };
  return { ctx, calls };
}

/** The one call a binding method made, and its body: the last argument (the path parameters come first). */
async function sent(run: (ctx: ApiContext) => Promise<unknown>): Promise<{ call: Call; body: Props }> {
  const { ctx, calls } = recordingContext();
  await run(ctx);
  expect(calls).toHaveLength(1);
  return { call: calls[0], body: calls[0].args.at(-1) as Props };
}

/**
 * Every input declared, each as an object of its own: a body's value can be traced to its input
 * (`toMatchObject` finds it inside metadata with the create marker too). The recording client checks
 * no value, and the bindings pass them through.
 */
function everyInputDeclared(kind: ResourceKind): Props {
  return Object.fromEntries(
    SHAPES[kind].inputNames.filter((name) => name !== "adoptId").map((name) => [name, { declaredAs: name }]),
  );
}

function onlyRequiredDeclared(kind: ResourceKind): Props {
  const fields: Record<string, Field> = SHAPES[kind].fields;
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field.role === "input" && field.presence === "required")
      .map(([name]) => [name, { declaredAs: name }]),
  );
}

const held = (kind: ResourceKind) => Object.keys(SHAPES[kind].rules);
const inPlace = (kind: ResourceKind) => held(kind).filter((name) => SHAPES[kind].rules[name].onChange === "update");
const sorted = (names: Iterable<string>) => [...names].sort();

describe.each(KINDS)("%s's binding", (kind) => {
  it("creates with every input the service holds, each as declared; one it leaves out of the body is in the path", async () => {
    const declared = everyInputDeclared(kind);
    const { call, body } = await sent((ctx) => BINDINGS[kind].create(ctx, declared, "marker"));
    const inPath = (name: string) => call.args.slice(0, -1).includes(declared[name]);
    const leftOut = held(kind).filter((name) => !Object.hasOwn(body, name) && !inPath(name));
    expect(leftOut).toEqual([]);
    expect(sorted(Object.keys(body))).toEqual(sorted(held(kind).filter((name) => !inPath(name))));
    for (const [name, value] of Object.entries(body)) expect(value).toMatchObject(declared[name] as Props);
    // Settings are the provider's alone.
    for (const name of Object.keys(SHAPES[kind].settings)) expect(body).not.toHaveProperty(name);
  });
});

describe.each(KINDS.filter((kind) => BINDINGS[kind].update))("%s's binding", (kind) => {
  const update = BINDINGS[kind].update!;

  it("updates every input that changes in place, each as declared, and none that only a replacement changes", async () => {
    const declared = everyInputDeclared(kind);
    const { body } = await sent((ctx) => update(ctx, "rec_1", declared, {}, undefined));
    expect(sorted(Object.keys(body))).toEqual(sorted(inPlace(kind)));
    for (const [name, value] of Object.entries(body)) expect(value).toEqual(declared[name]);
  });

  it("updates an in-place input no longer declared to what its absence means (a PUT leaves it out)", async () => {
    const declared = onlyRequiredDeclared(kind);
    const { body } = await sent((ctx) => update(ctx, "rec_1", declared, {}, undefined));
    for (const name of inPlace(kind)) {
      const rule = SHAPES[kind].rules[name];
      if (declared[name] !== undefined) expect(body[name]).toEqual(declared[name]);
      else if (REPLACED_WHOLE_BY_UPDATE.has(kind) || rule.serverDefault) expect(body).not.toHaveProperty(name);
      else expect(body).toHaveProperty(name, rule.absentMeans ?? null);
    }
  });
});

/** Kinds whose update sends metadata, where the create marker lives. */
const MARKED_ON_UPDATE = KINDS.filter(
  (kind) => BINDINGS[kind].update && SHAPES[kind].rules.metadata?.onChange === "update",
);

describe.each(MARKED_ON_UPDATE)("%s's update", (kind) => {
  it("keeps the object's create marker in its metadata, with or without declared metadata (issue 33, item 5)", async () => {
    for (const declared of [everyInputDeclared(kind), onlyRequiredDeclared(kind)]) {
      const { body } = await sent((ctx) => BINDINGS[kind].update!(ctx, "rec_1", declared, {}, "the-marker"));
      expect(body.metadata).toEqual({
        ...((declared.metadata as Props | undefined) ?? {}),
        [MARKER_KEY]: "the-marker",
      });
    }
  });
});

it("marks every kind that has metadata and an update", () => {
  expect(MARKED_ON_UPDATE.sort()).toEqual(["Callback", "ProviderConfig"]);
});

describe("the SDK's params", () => {
  // Compiling the SDK takes a second: once for every binding.
  let params: SdkParams;
  beforeAll(() => {
    params = sdkParams();
  });

  it.each(KINDS)(
    "of %s's create and update take every key its binding sends, and it sends all they require",
    async (kind) => {
      const binding: AnyBinding = BINDINGS[kind];
      const calls = [await sent((ctx) => binding.create(ctx, everyInputDeclared(kind), "marker"))];
      if (binding.update)
        calls.push(await sent((ctx) => binding.update!(ctx, "rec_1", everyInputDeclared(kind), {}, undefined)));
      for (const { call, body } of calls) {
        const taken = params.of(call.method, call.args.length - 1);
        const method = call.method.join(".");
        expect({ method, notTaken: Object.keys(body).filter((name) => !taken.has(name)) }).toEqual({
          method,
          notTaken: [],
        });
        const requiredNotSent = [...taken]
          .filter(([name, optional]) => !optional && !Object.hasOwn(body, name))
          .map(([name]) => name);
        expect({ method, requiredNotSent }).toEqual({ method, requiredNotSent: [] });
      }
    },
  );
});

describe("request bodies", () => {
  const shape = defineShape({
    kind: "Role",
    id: { prefix: "tst", noun: "a test object" },
    fields: {
      fixed: required((z) => z.string(), { onChange: "replace" }),
      label: optional((z) => z.string(), { onChange: "update" }),
      mode: optional((z) => z.string(), { onChange: "update", absentMeans: "auto" }),
      region: optional((z) => z.string(), { onChange: "update", serverDefault: true }),
      refresh: setting((z) => z.boolean(), false),
    },
  });
  type Body = { fixed?: string; label?: string | null; mode?: string; region?: string; meta?: unknown };

  it("create: every held input as declared, an absent one left out on the wire, settings and adoptId never", () => {
    const body: Body = createBody(shape, { fixed: "f", label: "l", refresh: true, adoptId: "tst_1" });
    expect(body).toEqual({ fixed: "f", label: "l", mode: undefined, region: undefined });
    expect(JSON.parse(JSON.stringify(body))).toEqual({ fixed: "f", label: "l" });
  });

  it("create: an input moved to the path is left out, an override replaces the declared value", () => {
    const body: Omit<Body, "fixed"> = createBody(
      shape,
      { fixed: "f", label: "l" },
      { inPath: ["fixed"], overrides: { label: "overridden" } },
    );
    expect(body).toEqual({ label: "overridden", mode: undefined, region: undefined });
  });

  it("update (a PATCH): absent inputs cleared to null or what their absence means; a server default left out", () => {
    const body: Body = updateBody(shape, { fixed: "f" });
    expect(body).toEqual({ label: null, mode: "auto" });
    expect(updateBody<Body, typeof shape.fields>(shape, { fixed: "f", label: "l", mode: "m", region: "r" })).toEqual({
      label: "l",
      mode: "m",
      region: "r",
    });
  });

  it("update (a PUT): absent inputs left out, and the service resets them", () => {
    const body: Body = updateBody(shape, { fixed: "f", mode: "m" }, { absent: "omit" });
    expect(body).toEqual({ mode: "m" });
  });
});

interface SdkParams {
  /** The properties of the params a client method takes at `index`, each with whether it is optional. */
  of(method: string[], index: number): Map<string, boolean>;
}

/** The SDK's params, read from its types (they are interfaces: nothing of them is left at run time). */
function sdkParams(): SdkParams {
  const entry = path.join(ROOT, "sdk/index.ts");
  const program = ts.createProgram([entry], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
  });
  const checker = program.getTypeChecker();
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!);
  let client = exports.find((symbol) => symbol.name === "ToolConnectivityClient")!;
  if (client.flags & ts.SymbolFlags.Alias) client = checker.getAliasedSymbol(client);
  return {
    of(method, index) {
      let type = checker.getDeclaredTypeOfSymbol(client);
      for (const name of method) {
        const property = type.getProperty(name);
        if (!property) throw new Error(`the SDK's client has no ${method.join(".")}`);
        type = checker.getTypeOfSymbol(property);
      }
      const [signature] = type.getCallSignatures();
      const params = parameterAt(checker, signature, index);
      return new Map(
        params.getProperties().map((property) => [property.name, (property.flags & ts.SymbolFlags.Optional) !== 0]),
      );
    },
  };
}

/**
 * The type of a signature's parameter at `index`, also where the signature takes its parameters as a
 * rest tuple (the SDK's methods are typed from their rows: `(...args: [params: P, opts?: O])`).
 */
function parameterAt(checker: ts.TypeChecker, signature: ts.Signature, index: number): ts.Type {
  const declared = signature.parameters;
  const last = declared.at(-1);
  const rest = last ? checker.getTypeOfSymbol(last) : undefined;
  const restIsTuple =
    last?.valueDeclaration &&
    ts.isParameter(last.valueDeclaration) &&
    last.valueDeclaration.dotDotDotToken &&
    rest &&
    checker.isTupleType(rest);
  if (!restIsTuple || index < declared.length - 1) return checker.getTypeOfSymbol(declared[index]);
  return checker.getTypeArguments(rest as ts.TypeReference)[index - (declared.length - 1)];
}
