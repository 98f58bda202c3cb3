// The examples and install commands the docs show, as a user copies them (issue 52): the YAML declares
// its config under `config:` (the root-level `configuration:` key is deprecated: every run warns), a
// config the example marks secret (an API key) is read as a secret in every language and set with
// --secret, each page says before its code what a copy must have replaced or set (the examples name
// the emulator's objects), and every `go get` of the Go SDK carries GONOSUMDB (the checksum database
// does not know the module). Read from codegen/examples and the pages codegen gives (the committed
// ones are those: reference-docs.test.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { referencePages } from "../../../codegen/gen-docs";
import { pageOf } from "../../../codegen/docs/pages";
import { EXAMPLES_DIR, readExample, type Example } from "../../../codegen/schema/examples";
import type { PackageSchema } from "../../../codegen/schema/pulumi-types";
import { parseCommittedSchema } from "../../../codegen/schema/schema-file";
import { REPO_ROOT } from "../../../codegen/schema/source-program";

interface ConfigDeclaration {
  name: string;
  secret: boolean;
}

interface Source {
  name: string;
  pcl: string;
  config: ConfigDeclaration[];
  example: Example;
}

const SOURCES: Source[] = fs
  .readdirSync(EXAMPLES_DIR)
  .filter((file) => file.endsWith(".pp"))
  .sort()
  .map((file) => {
    const name = file.slice(0, -".pp".length);
    const pcl = fs.readFileSync(path.join(EXAMPLES_DIR, file), "utf8");
    const config = [...pcl.matchAll(/^config (\w+) "[^"]*" \{\n([\s\S]*?)^\}/gm)].map(([, key, body]) => ({
      name: key,
      secret: /^\s*secret\s*=\s*true\s*$/m.test(body),
    }));
    return { name, pcl, config, example: readExample(name) };
  });

let pages: Map<string, string>;
beforeAll(() => {
  const committed = parseCommittedSchema();
  if ("problem" in committed) throw new Error(committed.problem);
  pages = referencePages(committed.content as PackageSchema);
});

/** The page that shows `name`'s example: its own, or the installation page for the explicit provider's. */
const pageOfExample = (name: string) =>
  pages.get(name === "Provider" ? "installation-configuration.md" : pageOf(name))!;

/** A page's lines outside its fenced code blocks: what it says, not what it shows. */
function prose(page: string): string[] {
  let inCode = false;
  return page.split("\n").filter((line) => {
    if (line.startsWith("```")) inCode = !inCode;
    return !inCode && !line.startsWith("```");
  });
}

test("every YAML example declares its config under config:, never the deprecated configuration:", () => {
  const withConfig = SOURCES.filter((source) => source.config.length > 0).map((source) => source.name);
  // The two that read config: without them the test would check nothing.
  expect(withConfig).toEqual(expect.arrayContaining(["Provider", "getCallbackEvents"]));
  for (const { name, config, example } of SOURCES) {
    const program = yaml.load(example.programs.yaml) as Record<string, unknown>;
    expect({ name, keys: Object.keys(program).filter((key) => key === "configuration") }).toEqual({ name, keys: [] });
    const declared = Object.keys((program.config ?? {}) as Record<string, unknown>);
    expect({ name, declared }).toEqual({ name, declared: config.map((entry) => entry.name) });
  }
});

test("a config an example marks secret is read as a secret in all five languages, and the staging API key is one", () => {
  const secrets = SOURCES.flatMap(({ name, config, example }) =>
    config.filter((entry) => entry.secret).map((entry) => ({ name, key: entry.name, example })),
  );
  expect(secrets.map(({ name, key }) => `${name}.${key}`)).toContain("Provider.stagingApiKey");
  for (const { key, example } of secrets) {
    expect(example.programs.typescript).toContain(`config.requireSecret("${key}")`);
    expect(example.programs.python).toContain(`config.require_secret("${key}")`);
    expect(example.programs.go).toContain(`cfg.RequireSecret("${key}")`);
    expect(example.programs.csharp).toContain(`config.RequireSecret("${key}")`);
    const program = yaml.load(example.programs.yaml) as { config: Record<string, { secret?: boolean }> };
    expect({ key, secret: program.config[key].secret }).toEqual({ key, secret: true });
  }
  // And no config the example leaves plain is read as a secret.
  for (const { config, example } of SOURCES) {
    for (const { name: key } of config.filter((entry) => !entry.secret))
      expect(example.programs.typescript).toMatch(new RegExp(`config\\.(require|get)\\("${key}"\\)`));
  }
});

test("wherever a page shows setting a config an example reads, the command has --secret exactly for a secret one", () => {
  for (const { name, config } of SOURCES) {
    const page = pageOfExample(name);
    for (const { name: key, secret } of config) {
      const commands = [...page.matchAll(new RegExp(`pulumi config set (--secret )?${key} `, "g"))];
      expect({ name, key, shown: commands.length > 0 }).toEqual({ name, key, shown: true });
      for (const [, flag] of commands) expect({ name, key, secret: flag !== undefined }).toEqual({ name, key, secret });
    }
  }
});

test("each example's page says before its code what a copy must have replaced or set: every emulator id and example.com URL in it, every config it reads", () => {
  for (const { name, pcl, config, example } of SOURCES) {
    const ids = [...pcl.matchAll(/"([a-z]+_[a-z0-9]{20})"/g)].map((match) => match[1]);
    const urls = [...pcl.matchAll(/"(https?:\/\/[^"]*example\.com[^"]*)"/g)].map((match) => match[1]);
    const needed = [...new Set([...ids, ...urls])].map((value) => `\`${value}\``);
    needed.push(...config.map(({ name: key, secret }) => `\`pulumi config set ${secret ? "--secret " : ""}${key} `));
    const page = pageOfExample(name);
    const section = page.slice(page.indexOf(`### ${example.title}`));
    const note = section.split("\n").find((line) => line.startsWith("**Before you run it:**"));
    if (needed.length === 0) {
      expect({ name, note }).toEqual({ name, note: undefined });
      continue;
    }
    // One line, under the example's title and before its first program.
    expect({ name, note: note !== undefined }).toEqual({ name, note: true });
    expect(section.indexOf(note!)).toBeLessThan(section.indexOf("#### "));
    for (const value of needed) expect({ name, note }).toEqual({ name, note: expect.stringContaining(value) });
  }
});

test("the installation page says what to replace in its config commands", () => {
  const page = pages.get("installation-configuration.md")!;
  const shownUrls = [...page.matchAll(/pulumi config set \S+ (https?:\/\/\S*example\.com\S*)/g)].map(
    (match) => match[1],
  );
  expect(shownUrls.length).toBeGreaterThan(0);
  for (const url of shownUrls)
    expect(prose(page).some((line) => line.startsWith("Replace ") && line.includes(`\`${url}\``))).toBe(true);
});

test("every `go get` of the Go SDK the docs show sets GONOSUMDB (the checksum database does not know the module)", () => {
  // docs/ and the reference pages (the root README.md is another change's).
  const docs = fs
    .readdirSync(path.join(REPO_ROOT, "docs"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => ({ file: `docs/${file}`, text: fs.readFileSync(path.join(REPO_ROOT, "docs", file), "utf8") }));
  const shown = [...docs, ...[...pages].map(([file, text]) => ({ file: `docs/reference/${file}`, text }))].flatMap(
    ({ file, text }) =>
      text
        .split("\n")
        .filter((line) => /go get github\.com\/pulumi-tcs\//.test(line))
        .map((line) => ({ file, line })),
  );
  expect(shown.map(({ file }) => file)).toEqual(
    expect.arrayContaining(["docs/native-provider.md", "docs/reference/installation-configuration.md"]),
  );
  for (const { file, line } of shown)
    expect({ file, line }).toEqual({
      file,
      line: expect.stringMatching(/GONOSUMDB=github\.com\/pulumi-tcs go get github\.com\/pulumi-tcs\//),
    });
});
