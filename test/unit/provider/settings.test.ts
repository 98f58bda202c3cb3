// Whose settings, once (issue 53): the settings table and their owner (the default connection, a named
// connection, an explicit provider) live in provider/settings/declaration.ts and owner.ts, and every message takes the names,
// the fixes and the owner's description from there. No other source file of provider/, policy/ or
// codegen/ spells a setting's config key or environment variable in a string: a new one fails here,
// named by file and line, until it asks the owner (comments, the docs and the tests may spell them).
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { SETTING_NAMES, SETTINGS, SettingsOwner } from "../../../provider/settings";

const ROOT = path.resolve(__dirname, "../../..");
const SETTINGS_MODULE = path.join(ROOT, "provider", "settings", "declaration.ts");

/** Every setting's config key and environment variable, as a source file would spell them. */
const LITERAL = new RegExp(
  [
    ...SETTING_NAMES.map((name) => `tcs:${name}\\b`),
    ...Object.values(SETTINGS).map(({ variable }) => `\\b${variable}\\b`),
  ].join("|"),
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The setting literals in a file's strings and templates (comments left out), as `file:line: text`. */
function settingLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const match = LITERAL.exec(node.text);
      if (match) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${path.relative(ROOT, file)}:${line + 1}: ${match[0]}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the settings' names", () => {
  const files = ["provider", "policy", "codegen"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

  it("the walk finds the sources, and a setting literal where there is one", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(settingLiterals(SETTINGS_MODULE)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^provider\/settings\/declaration\.ts:\d+: TCS_API_KEY$/)]),
    );
  });

  it("are spelled in provider/settings/declaration.ts alone: every other source asks the settings owner", () => {
    expect(files.filter((file) => file !== SETTINGS_MODULE).flatMap(settingLiterals)).toEqual([]);
  });
});

describe("the settings owner", () => {
  const [byDefault, staging, prod] = [
    SettingsOwner.defaultConnection,
    SettingsOwner.connection("staging"),
    SettingsOwner.provider("prod"),
  ];

  it("names each setting as the user writes it", () => {
    expect([byDefault, staging, prod].map((owner) => owner.key("apiKey"))).toEqual([
      "tcs:apiKey",
      "tcs:connections.staging.apiKey",
      "apiKey",
    ]);
    expect([byDefault, staging, prod].map((owner) => owner.name("rateLimitTier"))).toEqual([
      "tcs:rateLimitTier",
      "tcs:connections.staging.rateLimitTier",
      "the rateLimitTier input of tcs provider prod",
    ]);
    expect(SettingsOwner.connection(undefined)).toBe(byDefault);
  });

  it("gives each setting's fix: the command (secret and --path where they belong), or the provider's input", () => {
    expect([byDefault, staging, prod].map((owner) => owner.set("apiKey", "<key>"))).toEqual([
      "pulumi config set --secret tcs:apiKey <key>",
      "pulumi config set --secret --path tcs:connections.staging.apiKey <key>",
      "set the provider's apiKey to <key>",
    ]);
    expect(byDefault.fix("baseUrl", "https://x", true)).toBe(
      "run `pulumi config set tcs:baseUrl https://x` or set TCS_BASE_URL=https://x",
    );
    expect(staging.fix("baseUrl", "https://x", true)).toBe(
      "run `pulumi config set --path tcs:connections.staging.baseUrl https://x`",
    );
    expect(prod.setSecretKey("ignored")).toBe(
      "Set the provider's apiKey to a secret key (service_sk_...) of the environment to manage.",
    );
    expect(byDefault.setSecretKey("Set it")).toBe("Set it: pulumi config set --secret tcs:apiKey service_sk_...");
  });

  it("describes the owner", () => {
    expect([byDefault, SettingsOwner.defaultProvider, staging, prod].map((owner) => owner.describe())).toEqual([
      "the default connection (tcs:apiKey, tcs:baseUrl)",
      "the default tcs provider",
      "connection 'staging'",
      "tcs provider prod",
    ]);
    expect([byDefault, staging, prod].map((owner) => owner.settings())).toEqual([
      "tcs:apiKey and tcs:baseUrl",
      "tcs:connections.staging",
      "the inputs of tcs provider prod",
    ]);
  });
});
