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
  homepage: "https://github.com/pulumi-tcs/pulumi-tcs",
  repository: "https://github.com/pulumi-tcs/pulumi-tcs",
  // Where the engine fetches the plugin when a program needs a version that is not installed: the
  // GitHub release v<version>, asset pulumi-resource-tcs-v<version>-<os>-<arch>.tar.gz (npm run
  // dist writes them; .github/workflows/release.yml publishes them). Every SDK's plugin metadata
  // carries it.
  pluginDownloadURL: "github://api.github.com/pulumi-tcs/pulumi-tcs",
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
    // pyproject.toml instead of setup.py: the sdist and wheel build offline with setuptools alone.
    python: { packageName: "pulumi_tcs", requires: { pulumi: ">=3.0.0,<4.0.0" }, pyproject: { enabled: true } },
    go: { importBasePath: "github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs", generateResourceContainerTypes: false },
    csharp: { rootNamespace: "PulumiTcs", packageReferences: { Pulumi: "3.*" } },
  },
};
