// The reference pages (docs/reference/, codegen/gen-docs.ts) and the examples in the schema: every
// resource and function has a page and an example in the five languages, each page marks what the
// schema marks, and the committed pages are what the schema gives (codegen/run.sh --check compares them
// byte for byte; this names what a page lacks).
import * as fs from "node:fs";
import * as path from "node:path";
import { referencePages } from "../../../codegen/gen-docs";
import { pageOf } from "../../../codegen/docs/pages";
import { EXAMPLE_LANGUAGES } from "../../../codegen/schema/examples";
import type { PackageSchema } from "../../../codegen/schema/pulumi-types";
import { parseCommittedSchema } from "../../../codegen/schema/schema-file";
import { REPO_ROOT } from "../../../codegen/schema/source-program";

let schema: PackageSchema;
let pages: Map<string, string>;
beforeAll(() => {
  const committed = parseCommittedSchema();
  if ("problem" in committed) throw new Error(committed.problem);
  schema = committed.content as PackageSchema;
  pages = referencePages(schema);
});

const tokens = () => [...Object.keys(schema.resources), ...Object.keys(schema.functions)];
const nameOf = (token: string) => token.split(":")[2];

test("every resource and function has a page, linked from the index, and nothing else has one", () => {
  const expected = ["README.md", "installation-configuration.md", ...tokens().map((token) => pageOf(nameOf(token)))];
  expect([...pages.keys()].sort()).toEqual(expected.sort());
  for (const token of tokens()) expect(pages.get("README.md")).toContain(`](${pageOf(nameOf(token))})`);
});

test("each resource's, function's and the provider's description in the schema carries its example in the five languages", () => {
  const descriptions = [...Object.values(schema.resources), ...Object.values(schema.functions), schema.provider].map(
    (spec) => spec.description ?? "",
  );
  for (const description of descriptions) {
    expect(description).toMatch(
      /\{\{% examples %\}\}[\s\S]*\{\{% example %\}\}[\s\S]*\{\{% \/example %\}\}\n\{\{% \/examples %\}\}$/,
    );
    for (const { language } of EXAMPLE_LANGUAGES) expect(description).toContain("```" + language + "\n");
  }
});

test("each page shows its example in the five languages, and a resource page its import command", () => {
  for (const token of tokens()) {
    const page = pages.get(pageOf(nameOf(token)))!;
    for (const { language, title } of EXAMPLE_LANGUAGES) expect(page).toContain(`#### ${title}\n\n\`\`\`${language}\n`);
    expect(page).not.toContain("{{%");
    if (token in schema.resources) expect(page).toContain(`pulumi import ${token} <name> `);
  }
});

test("secret and replace-on-change inputs are marked on their row, and no other row is", () => {
  for (const [token, resource] of Object.entries(schema.resources)) {
    const page = pages.get(pageOf(nameOf(token)))!;
    const inputs = page.slice(page.indexOf("## Inputs"), page.indexOf("## Outputs"));
    for (const [name, property] of Object.entries(resource.inputProperties)) {
      const row = inputs.split("\n").find((line) => line.startsWith(`| \`${name}\` |`));
      expect({ name, row: row !== undefined }).toEqual({ name, row: true });
      expect({ name, secret: row!.includes("**secret**") }).toEqual({ name, secret: property.secret === true });
      expect({ name, replaces: row!.includes("**replaces on change**") }).toEqual({
        name,
        replaces: property.replaceOnChanges === true,
      });
    }
  }
});

test("the installation page lists every config key, its secrecy, and the explicit provider's example", () => {
  const page = pages.get("installation-configuration.md")!;
  for (const [name, variable] of Object.entries(schema.config.variables)) {
    const row = page.split("\n").find((line) => line.startsWith(`| \`tcs:${name}\` |`));
    expect(row).toBeDefined();
    expect(row!.includes("**secret**")).toBe(variable.secret === true);
  }
  expect(page).toContain("## Named connections");
  expect(page).toContain('new tcs.Provider("staging"');
});

test("the committed pages are the generated ones (else run npm run codegen)", () => {
  const dir = path.join(REPO_ROOT, "docs", "reference");
  const stale = [...pages].filter(
    ([file, text]) => !fs.existsSync(path.join(dir, file)) || fs.readFileSync(path.join(dir, file), "utf8") !== text,
  );
  expect(stale.map(([file]) => file)).toEqual([]);
});
