// Resource names from object names: readable, stable across runs for the same account, unique, and
// variables the generated program can declare whatever the account calls its objects.

export interface GeneratedName {
  /** The Pulumi resource name, kebab-case (`github-for-agents`). */
  name: string;
  /** A TypeScript identifier for it (`githubForAgents`), never a reserved word. */
  variable: string;
}

/**
 * What no `const` of the generated program may be called. The program is a module, so strict: besides
 * JavaScript's reserved words, strict mode's (`let`, `static`, `yield`, ...), `await` (a module's and an
 * async function's), and `arguments` and `eval`, which strict mode forbids binding. Then the names the
 * program itself uses: `tcs` is what render.ts imports the provider as (a `const tcs` would shadow it),
 * `pulumi` what a user adds first. Contextual words (`type`, `async`, `of`, ...) are fine as names and
 * stay as they are. A variable named so gets `Resource` after it, as programs have always had.
 */
const NOT_A_VARIABLE = new Set([
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
  ...["tcs", "pulumi"],
]);

function kebab(label: string): string {
  const words = label
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, " ")
    .replace(/_/g, " ")
    .trim()
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  return words.length > 0 ? words.join("-").slice(0, 60).replace(/-$/, "") : "object";
}

/** Only ASCII letters and digits come out of kebab(), so this is an identifier once it starts with a letter. */
function camel(name: string): string {
  const variable = name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  return /^[0-9]/.test(variable) ? `r${variable}` : variable;
}

function variableOf(name: string): string {
  const variable = camel(name);
  return NOT_A_VARIABLE.has(variable) ? `${variable}Resource` : variable;
}

/**
 * One name per label, in order; repeats get -2, -3, ... Two different names can still meet: a repeat's
 * suffix makes a name another label has (`Dup`, `Dup`, `Dup 2`: the second and third are both `dup-2`),
 * and names that differ only where camelCase drops a dash share a variable (`dup-2` and `dup2`). The
 * suffix then counts on until both the name and the variable are free. A name and variable that were
 * free the first time are never moved, so the programs of accounts that worked before stay the same.
 */
export function uniqueNames(labels: string[]): GeneratedName[] {
  const repeats = new Map<string, number>();
  const names = new Set<string>();
  const variables = new Set<string>();
  return labels.map((label) => {
    const base = kebab(label);
    let count = repeats.get(base) ?? 0;
    let generated: GeneratedName;
    do {
      count += 1;
      const name = count === 1 ? base : `${base}-${count}`;
      generated = { name, variable: variableOf(name) };
    } while (names.has(generated.name) || variables.has(generated.variable));
    repeats.set(base, count);
    names.add(generated.name);
    variables.add(generated.variable);
    return generated;
  });
}
