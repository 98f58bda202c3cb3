// pulumi-tcs/sdk exports its public surface and nothing else: at run time (what require() gives) and
// in its types (what a TypeScript program can import), each compared with the list in public-names.ts.
// The packed tarball's entry is checked against the same list in test/e2e/packaging.test.ts.
import * as path from "node:path";
import * as ts from "typescript";
import { SDK_TYPE_EXPORTS, SDK_VALUE_EXPORTS } from "./public-names";

const ENTRY = path.resolve(__dirname, "..", "..", "..", "sdk", "index.ts");
const sorted = (names: readonly string[]) => [...names].sort();

/** The entry's exported names as the compiler sees them: those with a value, and type-only ones. */
function compiledExports(entry: string): { values: string[]; types: string[] } {
  const program = ts.createProgram([entry], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    skipLibCheck: true,
    types: ["node"],
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const values: string[] = [];
  const types: string[] = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const typeOnlyExport = symbol.declarations?.some((declaration) =>
      ts.isTypeOnlyImportOrExportDeclaration(declaration as ts.TypeOnlyAliasDeclaration),
    );
    (target.flags & ts.SymbolFlags.Value && !typeOnlyExport ? values : types).push(symbol.name);
  }
  return { values: values.sort(), types: types.sort() };
}

describe("the public surface of pulumi-tcs/sdk", () => {
  it("holds at run time exactly the public names: no casing, redaction, agents or rate-limit tables", () => {
    const sdk = require("../../../sdk/index") as Record<string, unknown>;
    expect(sorted(Object.keys(sdk))).toEqual(sorted(SDK_VALUE_EXPORTS));
  });

  it("exports exactly the public names and types to TypeScript", () => {
    expect(compiledExports(ENTRY)).toEqual({ values: sorted(SDK_VALUE_EXPORTS), types: sorted(SDK_TYPE_EXPORTS) });
  }, 30_000);
});
