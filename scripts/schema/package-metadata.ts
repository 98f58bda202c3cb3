// The package's identity and the generated SDKs' names: what the registry, `pulumi package`
// commands and each language's package manager show. No `version`: the plugin adds its own when it
// serves the schema (GetSchema), so the committed file never goes stale on a release.
import { PACKAGE_NAME } from "./pulumi-types";

export const PACKAGE_DESCRIPTION =
  "The Tool Connectivity Service as code: callbacks, callback instances, provider configs, roles and integration setup sessions.";

export const PACKAGE_METADATA = {
  name: PACKAGE_NAME,
  displayName: "Tool Connectivity Service",
  description: PACKAGE_DESCRIPTION,
  keywords: ["pulumi", "tcs", "mcp", "category/utility", "kind/native"],
  license: "Apache-2.0",
  publisher: "pulumi-tcs",
  // The SDK generators then write each SDK's package files (the Go SDK's go.mod among them) with the
  // version npm run gen-sdk passes, which is the package's.
  meta: { supportPack: true },
  language: {
    nodejs: {
      packageName: "@pulumi-tcs/tcs",
      packageDescription:
        "A Pulumi package for the Tool Connectivity Service: callbacks, callback instances, provider configs, roles and integration setup sessions as code.",
      dependencies: { "@pulumi/pulumi": "^3.259.0" },
    },
    python: { packageName: "pulumi_tcs", requires: { pulumi: ">=3.0.0,<4.0.0" } },
    go: { importBasePath: "github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs", generateResourceContainerTypes: false },
    csharp: { rootNamespace: "PulumiTcs", packageReferences: { Pulumi: "3.*" } },
  },
};
