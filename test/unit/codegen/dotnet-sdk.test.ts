// The generated .NET SDK (sdks/dotnet), checked as far as this machine allows (no .NET SDK, no NuGet):
// its project names the package and version the npm package has and references Pulumi, its plugin
// metadata names the tcs plugin at that version, and every resource and function of the schema has
// its C# file.
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..", "..");
const SDK = path.join(ROOT, "sdks", "dotnet");
const version = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

test("the project and the plugin metadata carry the package's version and the tcs plugin", () => {
  const project = fs.readFileSync(path.join(SDK, "PulumiTcs.Tcs.csproj"), "utf8");
  expect(project).toContain(`<Version>${version}</Version>`);
  expect(project).toMatch(/<PackageReference Include="Pulumi" Version="3\.\*" \/>/);
  expect(project).toContain("<RepositoryUrl>https://github.com/pulumi-tcs/pulumi-tcs</RepositoryUrl>");
  // The engine fetches the plugin from the schema's pluginDownloadURL when this version is not installed.
  expect(JSON.parse(fs.readFileSync(path.join(SDK, "pulumi-plugin.json"), "utf8"))).toEqual({
    resource: true,
    name: "tcs",
    version,
    server: "github://api.github.com/pulumi-tcs/pulumi-tcs",
  });
});

test("every resource and function of the schema has its class, in the PulumiTcs.Tcs namespace", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "provider", "native", "schema.json"), "utf8")) as {
    resources: Record<string, unknown>;
    functions: Record<string, unknown>;
  };
  const names = [...Object.keys(schema.resources), ...Object.keys(schema.functions)].map(
    (token) => token.split(":")[2],
  );
  for (const name of names) {
    const file = path.join(SDK, `${name[0].toUpperCase()}${name.slice(1)}.cs`);
    expect({ name, exists: fs.existsSync(file) }).toEqual({ name, exists: true });
    expect(fs.readFileSync(file, "utf8")).toMatch(/namespace PulumiTcs\.Tcs\b/);
  }
});
