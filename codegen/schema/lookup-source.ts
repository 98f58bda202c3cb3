// What the schema reads of the program's lookups (provider/dynamic/lookups/index.ts): each exported
// function's description, its arguments (the type of its one parameter, as the checker resolves it:
// interfaces, `extends`, intersections) and the SDK record it returns, one or a list.
import ts from "typescript";
import { LOOKUPS } from "../../provider/lookups/catalog";
import { docCommentOf, unwrapParagraphs } from "./doc-comments";
import type { SourceProgram } from "./source-program";

export interface LookupArgument {
  name: string;
  type: ts.Type;
  optional: boolean;
  description?: string;
}

export interface LookupSource {
  name: string;
  description?: string;
  /** Without `connection`: a native provider is one connection, chosen by the provider instance. */
  args: LookupArgument[];
  /** The export name of the record's zod schema (`RoleSchema`), from the returned type `z.infer<typeof RoleSchema>`. */
  recordSchema: string;
  /** Whether it returns a list, as the lookups' catalog says (provider/lookups/catalog.ts), which the declaration must agree with. */
  returnsList: boolean;
}

/** The argument every lookup takes that the schema leaves out (see LookupSource.args). */
export const CONNECTION_ARGUMENT = "connection";

const isExported = (node: ts.FunctionDeclaration) =>
  node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false;

/** The exported functions of `file` but those named in `except`, in file order. */
export function readLookupSources(source: SourceProgram, file: string, except: ReadonlySet<string>): LookupSource[] {
  const lookups: LookupSource[] = [];
  for (const statement of source.sourceFile(file).statements) {
    if (
      !ts.isFunctionDeclaration(statement) ||
      !statement.name ||
      !isExported(statement) ||
      except.has(statement.name.text)
    )
      continue;
    const name = statement.name.text;
    const returned = returnedRecordOf(statement, source.checker);
    lookups.push({
      name,
      description: docCommentOf(statement),
      args: argumentsOf(statement, source.checker),
      ...returned,
    });
  }
  return lookups;
}

function argumentsOf(lookup: ts.FunctionDeclaration, checker: ts.TypeChecker): LookupArgument[] {
  const [parameter] = lookup.parameters;
  if (!parameter) return [];
  const type = checker.getTypeAtLocation(parameter);
  return checker
    .getPropertiesOfType(type)
    .filter((property) => property.name !== CONNECTION_ARGUMENT)
    .map((property) => {
      const description = unwrapParagraphs(
        ts.displayPartsToString(property.getDocumentationComment(checker)).split("\n"),
      );
      return {
        name: property.name,
        type: checker.getTypeOfSymbolAtLocation(property, parameter),
        optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
        ...(description ? { description } : {}),
      };
    });
}

/**
 * The record of a lookup declared `Promise<Role[]>` or `Promise<Role>`: `Role` is an SDK type
 * `z.infer<typeof RoleSchema>`, whose schema gives the record's fields. Read from the declaration,
 * not the inferred type, which needs zod's declarations (not loaded: source-program.ts).
 */
function returnedRecordOf(
  lookup: ts.FunctionDeclaration,
  checker: ts.TypeChecker,
): { recordSchema: string; returnsList: boolean } {
  const where = `${lookup.name?.text}: `;
  const returned = lookup.type;
  if (
    !returned ||
    !ts.isTypeReferenceNode(returned) ||
    returned.typeName.getText() !== "Promise" ||
    returned.typeArguments?.length !== 1
  ) {
    throw new Error(`${where}declare the return type as Promise<Record> or Promise<Record[]>`);
  }
  let record = returned.typeArguments[0];
  const name = lookup.name?.text ?? "";
  if (!Object.hasOwn(LOOKUPS, name))
    throw new Error(`${where}not in the lookups' catalog (provider/lookups/catalog.ts): add it there`);
  const returnsList = LOOKUPS[name as keyof typeof LOOKUPS].returns === "list";
  if (ts.isArrayTypeNode(record) !== returnsList) {
    throw new Error(
      `${where}the catalog (provider/lookups/catalog.ts) says it returns ${returnsList ? "a list" : "one record"}: declare Promise<Record${returnsList ? "[]" : ""}>`,
    );
  }
  if (ts.isArrayTypeNode(record)) record = record.elementType;
  if (!ts.isTypeReferenceNode(record)) throw new Error(`${where}its record must be a named SDK type`);
  const symbol = resolved(checker.getSymbolAtLocation(record.typeName), checker);
  const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  const query = alias && findTypeQuery(alias.type);
  if (!query) throw new Error(`${where}${record.typeName.getText()} is not declared as z.infer<typeof SomeSchema>`);
  const schema = resolved(checker.getSymbolAtLocation(query.exprName), checker);
  return { recordSchema: schema?.name ?? query.exprName.getText(), returnsList };
}

function resolved(symbol: ts.Symbol | undefined, checker: ts.TypeChecker): ts.Symbol | undefined {
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function findTypeQuery(node: ts.Node): ts.TypeQueryNode | undefined {
  if (ts.isTypeQueryNode(node)) return node;
  return ts.forEachChild(node, findTypeQuery);
}
