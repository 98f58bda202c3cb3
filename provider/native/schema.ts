// The schema the plugin serves (GetSchema): provider/native/schema.json, derived from the shapes by
// `npm run gen-schema` (codegen/schema) and committed; the package's version is added here, so the
// generated SDKs ask for this plugin's version. The plugin executable's bundle replaces this module
// with the same text and response, made when it is built (scripts/release/bundle.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The repository or package root: dist/provider/native/ or provider/native/ lie below it. */
function packageRoot(): string {
  for (let dir = __dirname; ; dir = join(dir, "..")) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string };
      if (pkg.name === "pulumi-tcs") return dir;
    } catch {
      // not here: one level up
    }
    if (dir === join(dir, ".."))
      throw new Error("pulumi-resource-tcs: cannot find the pulumi-tcs package it belongs to");
  }
}

export function pluginVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}

export function schemaText(): string {
  const schema = JSON.parse(readFileSync(join(packageRoot(), "provider", "native", "schema.json"), "utf8")) as Record<
    string,
    unknown
  >;
  return JSON.stringify({ ...schema, version: pluginVersion() });
}

/**
 * GetSchemaResponse as it goes on the wire, its one field (`string schema = 1`) framed by hand: the
 * message's own writer encodes the 100 KB of text to UTF-8 a character at a time in JavaScript.
 */
export function schemaResponse(text: string = schemaText()): Buffer {
  // proto3 leaves a field at its default out.
  if (text === "") return Buffer.alloc(0);
  const body = Buffer.from(text, "utf8");
  const header = [0x0a];
  for (let length = body.length; ; length = Math.floor(length / 128)) {
    if (length < 128) {
      header.push(length);
      break;
    }
    header.push((length % 128) | 0x80);
  }
  return Buffer.concat([Buffer.from(header), body]);
}
