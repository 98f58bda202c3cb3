// `npm run gen-schema`: writes the Pulumi package schema of the tcs plugin (provider/native/schema.json)
// from the resources' shapes, the lookups and the SDK's records (codegen/schema/derive.ts).
// `npm run gen-schema -- --check` only compares, and exits 1 naming what differs when the committed
// file is stale (a shape changed and the schema was not regenerated). `--without-examples <file>`
// writes the schema without the examples to <file> (codegen/run.sh's first step).
import * as fs from "node:fs";
import * as path from "node:path";
import { deriveSchema } from "./schema/derive";
import {
  canonicalText,
  formatSchema,
  readCommittedSchema,
  SCHEMA_FILE,
  schemaFilePath,
  staleness,
} from "./schema/schema-file";

async function main(): Promise<void> {
  const bare = process.argv.indexOf("--without-examples");
  if (bare > 0) {
    // What codegen/run.sh binds the examples against: their source is PCL, and the schema's types are all it needs.
    const target = process.argv[bare + 1];
    if (!target) throw new Error("--without-examples needs the file to write");
    fs.writeFileSync(target, canonicalText(deriveSchema({ examples: false })));
    return;
  }
  const schema = deriveSchema();
  if (process.argv.includes("--check")) {
    const differences = staleness(schema);
    if (differences.length === 0) {
      process.stdout.write(`gen-schema: ${SCHEMA_FILE} is up to date\n`);
      return;
    }
    process.stderr.write(
      `gen-schema: ${SCHEMA_FILE} is stale; run npm run gen-schema. It differs at:\n${differences.map((line) => `  ${line}\n`).join("")}`,
    );
    process.exit(1);
  }
  const text = await formatSchema(schema);
  const unchanged = readCommittedSchema() === text;
  fs.mkdirSync(path.dirname(schemaFilePath()), { recursive: true });
  fs.writeFileSync(schemaFilePath(), text);
  const counts = `${Object.keys(schema.resources).length} resources, ${Object.keys(schema.functions).length} functions, ${Object.keys(schema.types).length} types`;
  process.stdout.write(
    `gen-schema: wrote ${SCHEMA_FILE} (${counts}, ${text.length} bytes)${unchanged ? ", unchanged" : ""}\n`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`gen-schema: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  });
}
