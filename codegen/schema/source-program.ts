// The repository's TypeScript as the compiler reads it: what the schema takes from the source rather
// than from running it (doc comments, the type argument of each `output<T>()`, the lookups' argument
// and return types). Every type read is declared in the repository, so the libraries' declarations
// (@pulumi/pulumi, zod, undici, @types/node) are replaced by empty modules: loading them would more
// than double the time, and a type that does come from a library reads as `any` (Pulumi's Any).
import * as path from "node:path";
import ts from "typescript";

export const REPO_ROOT = path.resolve(__dirname, "..", "..");

/** A path under the repository, as the compiler names its files. */
export function repoPath(...parts: string[]): string {
  return path
    .join(REPO_ROOT, ...parts)
    .split(path.sep)
    .join("/");
}

export interface SourceProgram {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** The parsed file, which must be part of the program. */
  sourceFile(file: string): ts.SourceFile;
}

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  lib: ["lib.es2023.d.ts"],
  types: [],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
};

/** The compiler's own lib files (Record, Promise, Array) are kept: the types read are built from them. */
function isStubbedLibrary(file: string): boolean {
  return /\/node_modules\//.test(file) && !/\/node_modules\/typescript\/lib\//.test(file);
}

/** A program over `rootFiles` (absolute paths) and what they import from the repository. */
export function loadSourceProgram(rootFiles: string[]): SourceProgram {
  const host = ts.createCompilerHost(OPTIONS);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, languageVersion, ...rest) =>
    isStubbedLibrary(file)
      ? ts.createSourceFile(file, "export {};", languageVersion)
      : readSourceFile(file, languageVersion, ...rest);
  const program = ts.createProgram(rootFiles, OPTIONS, host);
  return {
    program,
    checker: program.getTypeChecker(),
    sourceFile(file) {
      const found = program.getSourceFile(file);
      if (!found) throw new Error(`${file} is not part of the program the schema is derived from`);
      return found;
    },
  };
}
