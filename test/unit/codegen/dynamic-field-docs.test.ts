// The dynamic door's classes show each field's description as the schema gives it, change sentence
// included (codegen writes it from the onChange rule; the shapes' doc comments leave it out): a
// program's editor documents `new tcs.Role(..., { name })` and `role.name` as every SDK does.
import * as path from "node:path";
import ts from "typescript";
import { RESOURCE_KINDS, SHAPES } from "../../../provider/shapes";
import type { PackageSchema } from "../../../codegen/schema/pulumi-types";
import { parseCommittedSchema } from "../../../codegen/schema/schema-file";

const ROOT = path.resolve(__dirname, "../../..");

let checker: ts.TypeChecker;
let exports: ts.Symbol[];
let schema: PackageSchema;

beforeAll(() => {
  const entry = path.join(ROOT, "provider/dynamic/index.ts");
  const program = ts.createProgram([entry], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    esModuleInterop: true,
  });
  checker = program.getTypeChecker();
  exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!);
  const committed = parseCommittedSchema();
  if ("problem" in committed) throw new Error(committed.problem);
  schema = committed.content as PackageSchema;
});

/** The documentation an editor shows for each property of an exported type. */
function documented(name: string): Map<string, string> {
  let symbol = exports.find((exported) => exported.name === name);
  if (!symbol) throw new Error(`provider/dynamic exports no ${name}`);
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  return new Map(
    type
      .getProperties()
      .map((property) => [
        property.name,
        ts.displayPartsToString(property.getDocumentationComment(checker)).replace(/\s+/g, " "),
      ]),
  );
}

const oneLine = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ");

describe.each(RESOURCE_KINDS)("tcs.%s", (kind) => {
  const resource = () => schema.resources[`tcs:index:${kind}`];

  it("documents each argument as the schema describes the input", () => {
    const docs = documented(`${kind}Args`);
    for (const name of SHAPES[kind].inputNames.filter((input) => input !== "adoptId")) {
      expect({ name, doc: docs.get(name) }).toEqual({
        name,
        doc: oneLine(resource().inputProperties[name].description),
      });
    }
  });

  it("documents each output as the schema describes it", () => {
    const docs = documented(kind);
    for (const name of Object.keys(SHAPES[kind].fields)) {
      expect({ name, doc: docs.get(name) }).toEqual({ name, doc: oneLine(resource().properties[name].description) });
    }
  });
});
