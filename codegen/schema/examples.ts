// The package's examples, written once in PCL (codegen/examples/<name>.pp) and generated in every
// language by codegen/gen-examples.sh (codegen/examples/generated/<name>/), as the schema carries them:
// appended to a resource's or function's description in Pulumi's example convention, from which each
// SDK generator keeps its own language's block for its doc comments, and the docs pages all five.
import * as fs from "node:fs";
import * as path from "node:path";
import { repoPath } from "./source-program";

export const EXAMPLES_DIR = repoPath("codegen", "examples");
export const GENERATED_DIR = path.join(EXAMPLES_DIR, "generated");

/** The languages of an example, in the order pages show them: the fence's name and the generated file. */
export const EXAMPLE_LANGUAGES = [
  { language: "typescript", title: "TypeScript", file: "index.ts" },
  { language: "python", title: "Python", file: "__main__.py" },
  { language: "go", title: "Go", file: "main.go" },
  { language: "csharp", title: "C#", file: "Program.cs" },
  { language: "yaml", title: "YAML", file: "Main.yaml" },
] as const;

export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number]["language"];

export interface Example {
  /** The resource's or function's name: `Callback`, `getRoles`. */
  name: string;
  /** The PCL's leading comment, up to its first colon or full stop. */
  title: string;
  /**
   * What a user must do before running a copy (replace the emulator's ids, set config), from the
   * leading comment's `# Before you run it: ...` line; none when the program runs as written.
   */
  setup?: string;
  programs: Record<ExampleLanguage, string>;
}

/** The example of `name` (a resource or function name), read from its PCL and its generated programs. */
export function readExample(name: string): Example {
  const source = path.join(EXAMPLES_DIR, `${name}.pp`);
  if (!fs.existsSync(source))
    throw new Error(`${name}: no example; write codegen/examples/${name}.pp (PCL) and run npm run codegen`);
  const comment = /^(?:#.*\n)+/.exec(fs.readFileSync(source, "utf8"))?.[0] ?? "";
  const setupLine = /^# Before you run it: (.+)\n/m.exec(comment);
  const title = comment
    .replace(setupLine?.[0] ?? "", "")
    .replace(/^#\s?/gm, "")
    .replace(/\s+/g, " ")
    .split(/: |\. |\.$/)[0]
    .trim();
  if (!title)
    throw new Error(
      `codegen/examples/${name}.pp: start it with a comment saying what the example does; it is the example's title`,
    );
  const programs = {} as Record<ExampleLanguage, string>;
  for (const { language, file } of EXAMPLE_LANGUAGES) {
    const generated = path.join(GENERATED_DIR, name, file);
    if (!fs.existsSync(generated))
      throw new Error(`codegen/examples/generated/${name}/${file} is missing: run npm run codegen`);
    programs[language] = fs.readFileSync(generated, "utf8").trimEnd();
  }
  return { name, title, ...(setupLine ? { setup: setupLine[1].trim() } : {}), programs };
}

/** The line a page shows between an example's title and its code, when a copy needs something done first. */
export function setupNote(example: Example): string[] {
  return example.setup ? [`**Before you run it:** ${example.setup}`, ""] : [];
}

/** `description` followed by the example, in the convention Pulumi's SDK and docs generators read. */
export function withExample(description: string | undefined, example: Example): string {
  const blocks = EXAMPLE_LANGUAGES.map(
    ({ language }) => "```" + language + "\n" + example.programs[language] + "\n```",
  ).join("\n");
  const section = [
    "{{% examples %}}",
    "## Example Usage",
    "",
    "{{% example %}}",
    `### ${example.title}`,
    "",
    ...setupNote(example),
    blocks,
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n");
  return description ? `${description}\n\n${section}` : section;
}
