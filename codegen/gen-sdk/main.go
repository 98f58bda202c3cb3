// Command gen-sdk writes the language SDKs of the tcs package from its Pulumi schema.
//
// `pulumi package gen-sdk` cannot run here: the CLI hands every language to that language's host
// plugin (pulumi-language-nodejs, -python, -go, ...) over gRPC, and no host can be installed
// offline. The hosts are thin wrappers around the generators in pkg/v3/codegen, so this calls the
// same generators with the same arguments the hosts pass, and lays the output out as the CLI does
// (<out>/<language>/, emptied first). The Node.js SDK gets two changes after generation: its classes
// register without a stack trace per output (node_traces.go), and its package.json names the built
// entry point (node_package.go).
//
// .NET is not offered: since pkg/v3 moved its generator into the pulumi-dotnet repository's
// language host, pkg/v3 has no .NET code generator, and that module cannot be fetched here.
//
// Usage: gen-sdk [-version X.Y.Z] [-languages nodejs,python,go] <schema.json> <out-dir>
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
)

// The tool names the hosts pass; they appear in the generated files' "do not edit" banners, so
// using the same ones keeps our output the CLI's (the Node.js SDK's one change aside).
var generators = map[string]func(*schema.Package, schema.ReferenceLoader) (map[string][]byte, error){
	"nodejs": func(pkg *schema.Package, l schema.ReferenceLoader) (map[string][]byte, error) {
		// No overlays, no local dependencies, not a "local" SDK: the CLI's defaults.
		files, err := nodejs.GeneratePackage("pulumi-language-nodejs", pkg, nil, nil, false, l)
		if err != nil {
			return nil, err
		}
		// Two changes of ours: the classes register without a stack trace per output (node_traces.go),
		// and package.json names the built entry point (node_package.go).
		if err := nodePackageEntry(files); err != nil {
			return nil, err
		}
		return files, quietNodeTraces(files)
	},
	"python": func(pkg *schema.Package, l schema.ReferenceLoader) (map[string][]byte, error) {
		return python.GeneratePackage("pulumi-language-python", pkg, nil, l)
	},
	"go": func(pkg *schema.Package, _ schema.ReferenceLoader) (map[string][]byte, error) {
		return gogen.GeneratePackage("pulumi-language-go", pkg, nil)
	},
}

// noExternalPackages stands in for the CLI's plugin loader. Our schema references no other
// package, so any load is a schema bug; failing loudly beats silently emitting a broken SDK.
type noExternalPackages struct{}

func (noExternalPackages) err(name string) error {
	return fmt.Errorf("schema references package %q; gen-sdk loads no external packages", name)
}

func (n noExternalPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, n.err(pkg)
}

func (n noExternalPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, n.err(d.Name)
}

func (n noExternalPackages) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, n.err(pkg)
}

func (n noExternalPackages) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, n.err(d.Name)
}

// bind mirrors packages.BindSpec in the CLI and the hosts' own bind: dangling references allowed,
// warnings printed, errors fatal.
func bind(spec schema.PackageSpec) (*schema.Package, error) {
	pkg, diags, err := schema.BindSpec(spec, noExternalPackages{}, schema.ValidationOptions{
		AllowDanglingReferences: true,
	})
	if err != nil {
		return nil, err
	}
	for _, d := range diags {
		// Schema diagnostics carry no source range, so hcl's own rendering starts with "<nil>:".
		severity := "warning"
		if d.Severity == hcl.DiagError {
			severity = "error"
		}
		fmt.Fprintf(os.Stderr, "gen-sdk: %s: %s\n", severity, strings.TrimSpace(d.Summary+" "+d.Detail))
	}
	if diags.HasErrors() {
		return nil, errors.New("the schema has errors")
	}
	return pkg, nil
}

func generate(lang string, marshalled []byte, outDir string) error {
	// Each host receives the bound package re-marshalled and binds it afresh; the generators also
	// mutate the package (decoded language sections), so every language gets its own bind.
	var spec schema.PackageSpec
	if err := json.Unmarshal(marshalled, &spec); err != nil {
		return err
	}
	pkg, err := bind(spec)
	if err != nil {
		return err
	}
	files, err := generators[lang](pkg, noExternalPackages{})
	if err != nil {
		return err
	}
	dir := filepath.Join(outDir, lang)
	// Like the CLI: nothing from an earlier run (a removed resource's file) may survive.
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		// The hosts write 0700/0600; these files are committed and read by other tools and users,
		// and git keeps no mode but the executable bit, so ordinary modes lose nothing.
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func run() error {
	version := flag.String("version", "",
		"SDK version, as `pulumi package gen-sdk --version` (used where the schema sets respectSchemaVersion)")
	languages := flag.String("languages", "nodejs,python,go", "comma-separated languages to generate")
	flag.Parse()
	if flag.NArg() != 2 {
		return errors.New("usage: gen-sdk [-version X.Y.Z] [-languages nodejs,python,go] <schema.json> <out-dir>")
	}
	schemaPath, outDir := flag.Arg(0), flag.Arg(1)

	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	// The committed schema has no version (the plugin adds its own at GetSchema); the SDKs get the
	// package's, before binding, since a schema that packs its SDKs (meta.supportPack) must carry one.
	if *version != "" {
		if _, err := semver.Parse(*version); err != nil {
			return fmt.Errorf("invalid -version %q: %w", *version, err)
		}
		spec.Version = *version
	}
	pkg, err := bind(spec)
	if err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	marshalled, err := pkg.MarshalJSON()
	if err != nil {
		return err
	}

	for _, lang := range strings.Split(*languages, ",") {
		if _, ok := generators[lang]; !ok {
			return fmt.Errorf("language %q is not supported (supported: nodejs, python, go)", lang)
		}
		if err := generate(lang, marshalled, outDir); err != nil {
			return fmt.Errorf("%s: %w", lang, err)
		}
	}
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen-sdk:", err)
		os.Exit(1)
	}
}
