// `pulumi-tcs generate` writes a program that compiles whatever the account's objects are called
// (issue, item 10): every resource name and every variable unique, no variable a reserved word of
// JavaScript/TypeScript or an identifier the program itself uses, and the names existing accounts
// already have left as they are (examples/adoption/index.ts is compared against generate's output).
import fc from "fast-check";
import ts from "typescript";
import type { LiveObject } from "../../../provider/cli/generate/inventory";
import { buildDeclarations } from "../../../provider/cli/generate/model";
import { renderProgram } from "../../../provider/cli/generate/render";
import { RESOURCE_KINDS } from "../../../provider/shapes";

// Live objects as the SDK reads them, as little of each record as toOutputs needs.
const config = (id: string, name: string | null) => ({
  kind: "ProviderConfig",
  id,
  record: { id, providerId: "prov_1", deployment: { id: "pdep_1" }, toolFilter: null, name },
});
const callback = (id: string, name: string | null) => ({
  kind: "Callback",
  id,
  record: { id, integrationProviderId: "intp_1", name, description: null },
});
const instance = (id: string, callbackId: string, configId: string) => ({
  kind: "CallbackInstance",
  id,
  inputs: { callbackId },
  record: { id, config: { id: configId }, authConfig: null },
});
const role = (id: string, slug: string) => ({
  kind: "Role",
  id,
  record: { id, name: "Role", slug, permissions: ["thread_read"], description: null },
});
const session = (id: string, name: string) => ({
  kind: "IntegrationSetupSession",
  id,
  record: { id, integrationId: "int_1", name, expiresAt: "2026-11-30T00:00:00Z" },
});

function program(objects: object[]): string {
  return renderProgram(buildDeclarations(objects as unknown as LiveObject[]), {
    baseUrl: "https://tcs.example",
    generatedAt: new Date("2026-11-23T00:00:00Z"),
  });
}

// The compile check runs in memory against a stand-in for pulumi-tcs (every kind a class taking a name
// and any args, with an `id`) and a minimal lib: what is under test is the program's own identifiers and
// syntax, and a real compile per generated program would make a property test of hundreds of them slow.
// generate-connection.test.ts compiles a generated program against the provider's real types.
const FILE = "/project/index.ts";
const LIB = "/lib.d.ts";
const STAND_INS: Record<string, string> = {
  [LIB]: [
    "interface Array<T> {} interface Boolean {} interface Function {} interface CallableFunction {} interface NewableFunction {}",
    "interface IArguments {} interface Number {} interface Object {} interface RegExp {} interface String {} interface TemplateStringsArray {}",
    "interface PromiseLike<T> {} interface Promise<T> {} declare var Promise: { new <T>(): Promise<T> };",
  ].join("\n"),
  "/project/pulumi-tcs.d.ts": `declare module "pulumi-tcs" {\n${RESOURCE_KINDS.map((kind) => `  export class ${kind} { constructor(name: string, args: { [field: string]: unknown }); readonly id: string }`).join("\n")}\n}\n`,
};
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  strict: true,
  noLib: true,
  noEmit: true,
  types: [],
};
const parsed = new Map(
  Object.entries(STAND_INS).map(([name, text]) => [name, ts.createSourceFile(name, text, ts.ScriptTarget.ES2022)]),
);

/** Every diagnostic of compiling `text` as a project's index.ts, syntax and semantics, with its line. */
function compile(text: string): string[] {
  const host = ts.createCompilerHost(OPTIONS);
  host.getSourceFile = (name) =>
    name === FILE ? ts.createSourceFile(name, text, ts.ScriptTarget.ES2022) : parsed.get(name);
  host.fileExists = (name) => name === FILE || parsed.has(name);
  host.readFile = (name) => (name === FILE ? text : STAND_INS[name]);
  host.getDefaultLibFileName = () => LIB;
  const built = ts.createProgram([FILE, ...parsed.keys()], OPTIONS, host);
  return ts.getPreEmitDiagnostics(built).map((d) => {
    const where =
      d.file && d.start !== undefined
        ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
        : "";
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}

/** The `const`s the program declares and the resource names it passes, in order. */
function declared(text: string): { variables: string[]; names: string[] } {
  const matches = [...text.matchAll(/^ {2}const (\S+) = new tcs\.\w+\(("(?:[^"\\]|\\.)*")/gm)];
  return { variables: matches.map((m) => m[1]), names: matches.map((m) => JSON.parse(m[2]) as string) };
}

const duplicates = (values: string[]) => values.filter((value, i) => values.indexOf(value) !== i);

// Listed here rather than imported from names.ts, so the test does not share the code's blind spots.
const RESERVED_WORDS = [
  ...[
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
  ],
  ...[
    "false",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "new",
    "null",
    "return",
    "super",
    "switch",
    "this",
  ],
  ...["throw", "true", "try", "typeof", "var", "void", "while", "with"],
  // Strict mode (every module is strict), `await` in a module and an async function, and the two names
  // strict mode forbids binding.
  ...[
    "implements",
    "interface",
    "let",
    "package",
    "private",
    "protected",
    "public",
    "static",
    "yield",
    "await",
    "arguments",
    "eval",
  ],
  // Contextual TypeScript keywords and globals, which must keep working as names.
  ...[
    "type",
    "async",
    "of",
    "as",
    "any",
    "string",
    "undefined",
    "require",
    "module",
    "exports",
    "declare",
    "namespace",
    "object",
  ],
];
/** Names the program itself uses or that collide once suffixed, punctuation, unicode, leading digits. */
const AWKWARD_NAMES = [
  ...[
    "tcs",
    "pulumi",
    "Tcs",
    "PULUMI",
    "tcs 2",
    "Dup",
    "Dup 2",
    "dup2",
    "dup-2",
    "dup 2 2",
    "dup22",
    "Delete Resource",
    "while resource",
  ],
  ...[
    "???",
    "",
    "  ",
    "-",
    "_",
    "--a--",
    "日本語",
    "Ünïcode café",
    "é",
    "🙂",
    "1Password",
    "r1password",
    "R 1password",
    "2",
    "object",
    "object 2",
  ],
  ...["a".repeat(61), `${"a".repeat(59)} 2`, "cb_1", "cb-1", "cb 1", "pcfg_1", "rol_1"],
];
const label = fc.oneof(
  fc.constantFrom(...RESERVED_WORDS, ...AWKWARD_NAMES),
  fc.constantFrom(...RESERVED_WORDS, ...AWKWARD_NAMES).map((word) => `${word} 2`),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: "grapheme", maxLength: 6 }),
);

/** An account: a few objects of every kind under those names, instances joining some of them. */
const account = fc
  .record({
    configs: fc.array(fc.option(label), { maxLength: 5 }),
    callbacks: fc.array(fc.option(label), { maxLength: 5 }),
    roles: fc.array(label, { maxLength: 5 }),
    sessions: fc.array(label, { maxLength: 3 }),
    joins: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 4 }),
  })
  .map(({ configs, callbacks, roles, sessions, joins }) => {
    // Ids look like names too: a nameless config or callback is named after its id.
    const configIds = configs.map((_, i) => `pcfg_${i}`);
    const callbackIds = callbacks.map((_, i) => `cb_${i}`);
    return [
      ...configs.map((name, i) => config(configIds[i], name)),
      ...callbacks.map((name, i) => callback(callbackIds[i], name)),
      ...joins.map(([c, p], i) =>
        instance(
          `cbi_${i}`,
          callbackIds[c % callbackIds.length] ?? "cb_gone",
          configIds[p % configIds.length] ?? "pcfg_gone",
        ),
      ),
      ...roles.map((slug, i) => role(`rol_${i}`, slug)),
      ...sessions.map((name, i) => session(`iss_${i}`, name)),
    ];
  });

describe("the names generate gives", () => {
  it("make a program that compiles when names repeat once suffixed (Dup, Dup, Dup 2) or are reserved words (while, typeof)", () => {
    const text = program([
      config("pcfg_1", "Dup"),
      config("pcfg_2", "Dup"),
      config("pcfg_3", "Dup 2"),
      role("rol_1", "while"),
      role("rol_2", "typeof"),
    ]);
    expect(compile(text)).toEqual([]);
    const { variables, names } = declared(text);
    expect(duplicates(variables)).toEqual([]);
    expect(duplicates(names)).toEqual([]);
    // The first two keep the names they have today; only the one that collided moves.
    expect(names.slice(0, 2)).toEqual(["dup", "dup-2"]);
    expect(variables).toEqual(["dup", "dup2", "dup22", "typeofResource", "whileResource"]);
  });

  it("never make a variable of a reserved word, or of the identifiers the program itself uses", () => {
    const text = program(RESERVED_WORDS.concat("tcs", "pulumi").map((slug, i) => role(`rol_${i}`, slug)));
    expect(compile(text)).toEqual([]);
    expect(duplicates(declared(text).variables)).toEqual([]);
  });

  it("make a program that compiles, with unique resource names and variables, whatever the account's names", () => {
    fc.assert(
      fc.property(account, (objects) => {
        const text = program(objects);
        const { variables, names } = declared(text);
        expect(variables).toHaveLength(objects.length);
        expect(duplicates(names)).toEqual([]);
        expect(duplicates(variables)).toEqual([]);
        expect(compile(text)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("stay what they were for the names that already worked", () => {
    // Names and variables generate wrote before item 10, for names that were valid and unique then.
    const text = program([
      config("pcfg_1", "Acme GitHub"),
      config("pcfg_2", "Octocat's GitHub"),
      config("pcfg_3", "GitHub for agents"),
      config("pcfg_4", "1Password"),
      config("pcfg_5", "Ünïcode café"),
      config("pcfg_6", "日本語"),
      config("pcfg_7", "???"),
      callback("cb_1", "GitHub events"),
      callback("cb_2", null),
      callback("cb_3", "Events"),
      callback("cb_4", "Events"),
      callback("cb_5", "Events"),
      instance("cbi_1", "cb_1", "pcfg_1"),
      role("rol_1", "support-agents"),
      role("rol_2", "delete"),
      role("rol_3", "class"),
      role("rol_4", "type"),
      session("iss_1", "a".repeat(70)),
    ]);
    const { variables, names } = declared(text);
    expect(names.map((name, i) => `${variables[i]} ${name}`)).toEqual([
      "object object",
      "r1password 1password",
      "acmeGithub acme-github",
      "githubForAgents github-for-agents",
      "octocatSGithub octocat-s-github",
      "uNiCodeCafe u-ni-code-cafe",
      "object2 object-2",
      "cb2 cb-2",
      "events events",
      "events2 events-2",
      "events3 events-3",
      "githubEvents github-events",
      "githubEventsAcmeGithub github-events-acme-github",
      "classResource class",
      "deleteResource delete",
      "supportAgents support-agents",
      "type type",
      `${"a".repeat(60)} ${"a".repeat(60)}`,
    ]);
  });
});
