// The schema the plugin serves (GetSchema): provider/native/schema.json, derived from the shapes by
// `npm run gen-schema` (codegen/schema) and committed; the package's version is added here, so the
// generated SDKs ask for this plugin's version.
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
    if (dir === join(dir, "..")) throw new Error("pulumi-resource-tcs: cannot find the pulumi-tcs package it belongs to");
  }
}

export function pluginVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}

export function schemaText(): string {
  const schema = JSON.parse(readFileSync(join(packageRoot(), "provider", "native", "schema.json"), "utf8")) as Record<string, unknown>;
  return JSON.stringify({ ...schema, version: pluginVersion() });
}
