// The Pulumi package schema of the tcs provider plugin, derived from the one declaration of each
// resource (provider/shapes), the program's lookups (provider/dynamic/lookups) and the SDK's records
// (sdk/schemas), with the examples of codegen/examples: nothing in it is written twice. `npm run gen-schema` writes it to
// provider/native/schema.json, and test/unit/codegen/schema.test.ts fails when that file is stale.
import { readExample, withExample } from "./examples";
import { deriveFunctions, NOT_FUNCTIONS } from "./functions";
import { readLookupSources } from "./lookup-source";
import { NamedTypes } from "./named-types";
import { PACKAGE_METADATA } from "./package-metadata";
import { PROVIDER_DESCRIPTION, PROVIDER_SETTINGS } from "./provider-settings";
import type { PackageSchema } from "./pulumi-types";
import { loadRecordSchemas } from "./record-schemas";
import { deriveResources } from "./resources";
import { readShapeSources } from "./shape-source";
import { loadSourceProgram, repoPath } from "./source-program";

export const SHAPES_DIR = repoPath("provider", "shapes");
export const SHAPES_INDEX = repoPath("provider", "shapes", "index.ts");
export const LOOKUPS_FILE = repoPath("provider", "dynamic", "lookups", "index.ts");

/**
 * The schema; with `examples` (the default) each resource's, function's and the provider's description
 * ends with its example in every language (the provider's: codegen/examples/Provider.pp). codegen/run.sh binds the examples against the schema without them.
 */
export function deriveSchema(options: { examples?: boolean } = {}): PackageSchema {
  const source = loadSourceProgram([SHAPES_INDEX, LOOKUPS_FILE]);
  const shapeFiles = source.program
    .getSourceFiles()
    .map((file) => file.fileName)
    .filter((file) => file.startsWith(`${SHAPES_DIR}/`))
    .sort();
  const types = new NamedTypes();
  const resources = deriveResources({ sources: readShapeSources(source, shapeFiles), checker: source.checker, types });
  const functions = deriveFunctions({
    lookups: readLookupSources(source, LOOKUPS_FILE, NOT_FUNCTIONS),
    records: loadRecordSchemas(),
    checker: source.checker,
    types,
  });
  if (options.examples !== false) {
    for (const [token, spec] of [...Object.entries(resources), ...Object.entries(functions)]) {
      spec.description = withExample(spec.description, readExample(token.slice(token.lastIndexOf(":") + 1)));
    }
  }
  return {
    ...PACKAGE_METADATA,
    config: { variables: structuredClone(PROVIDER_SETTINGS) },
    provider: {
      description:
        options.examples === false ? PROVIDER_DESCRIPTION : withExample(PROVIDER_DESCRIPTION, readExample("Provider")),
      inputProperties: structuredClone(PROVIDER_SETTINGS),
    },
    types: types.toSchema(),
    resources,
    functions,
  };
}
