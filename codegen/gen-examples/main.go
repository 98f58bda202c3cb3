// Command gen-examples turns the package's examples, written once in Pulumi's PCL
// (codegen/examples/<name>.pp), into TypeScript, Python and Go programs with the program generators
// that `pulumi convert` and the docs use (pkg/v3/codegen/{nodejs,python,go} GenerateProgram, at the
// CLI's version). C# and YAML come from codegen/gen-examples-dotnet-yaml, whose generators are built
// against an older pulumi/pkg.
//
// Invokes are bound in their output form (pcl.PreferOutputVersionedInvokes), as `pulumi convert`
// does: the generators handle a function's result best as an output.
//
// Each example is bound against the package schema given (its types only matter here), and each
// language's program is written to <out-dir>/<name>/<file>, the file the generator names
// (index.ts, __main__.py, main.go).
//
// Usage: gen-examples [-version X.Y.Z] <schema.json> <examples-dir> <out-dir>
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
)

var generators = map[string]func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error){
	"typescript": nodejs.GenerateProgram,
	"python":     python.GenerateProgram,
	"go":         goProgram,
}

// A call of a function that takes no arguments, as gogen.GenerateProgram writes it: with an empty
// map for arguments the function has no parameter for, and in the plain form even when the program
// asks for outputs (it then reads the result as an output).
var goArgumentlessInvoke = regexp.MustCompile(
	`(\w+), err := (\w+)\.(\w+)\(ctx, map\[string\]interface\{\}\{\}, nil\)\n\s*if err != nil \{\n\s*return err\n\s*\}\n`)

// goProgram is gogen.GenerateProgram with one fix: a function without arguments is called in its
// output form (tcs.GetRolesOutput(ctx)), the form the rest of the generated program expects.
func goProgram(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
	files, diags, err := gogen.GenerateProgram(program)
	for name, text := range files {
		files[name] = goArgumentlessInvoke.ReplaceAll(text, []byte("$1 := $2.${3}Output(ctx)\n"))
	}
	return files, diags, err
}

// onePackage resolves the package under test and nothing else: an example naming another package
// is a mistake in the example.
type onePackage struct{ pkg *schema.Package }

func (l onePackage) find(name string) (*schema.Package, error) {
	if name != l.pkg.Name {
		return nil, fmt.Errorf("example references package %q; only %q is known", name, l.pkg.Name)
	}
	return l.pkg, nil
}

func (l onePackage) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return l.find(name)
}

func (l onePackage) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.find(d.Name)
}

func (l onePackage) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.find(name)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l onePackage) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

func loadPackage(schemaPath, version string) (*schema.Package, error) {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", schemaPath, err)
	}
	// The committed schema has no version (the plugin adds its own); a schema that packs its SDKs
	// must carry one to bind, as gen-sdk gives it.
	spec.Version = version
	pkg, diags, err := schema.BindSpec(spec, onePackage{}, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", schemaPath, diags.Error())
	}
	return pkg, nil
}

// bind parses and binds one example; any diagnostic, even a warning, fails it: the examples are ours.
func bind(path string, pkg *schema.Package) (*pcl.Program, error) {
	source, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	parser := syntax.NewParser()
	if err := parser.ParseFile(strings.NewReader(string(source)), filepath.Base(path)); err != nil {
		return nil, err
	}
	if parser.Diagnostics.HasErrors() {
		return nil, errors.New(parser.Diagnostics.Error())
	}
	program, diags, err := pcl.BindProgram(parser.Files, onePackage{pkg}, pcl.PreferOutputVersionedInvokes)
	if err != nil {
		return nil, err
	}
	if len(diags) > 0 {
		return nil, errors.New(diags.Error())
	}
	return program, nil
}

func generate(path string, pkg *schema.Package, outDir string) error {
	name := strings.TrimSuffix(filepath.Base(path), ".pp")
	for lang, gen := range generators {
		// Bound afresh for each language: the generators annotate the program as they go.
		program, err := bind(path, pkg)
		if err != nil {
			return err
		}
		files, diags, err := gen(program)
		if err != nil {
			return fmt.Errorf("%s: %w", lang, err)
		}
		if diags.HasErrors() {
			return fmt.Errorf("%s: %s", lang, diags.Error())
		}
		for file, data := range files {
			target := filepath.Join(outDir, name, file)
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(target, data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

func run() error {
	version := flag.String("version", "0.0.0", "the package version the schema is bound with")
	flag.Parse()
	if flag.NArg() != 3 {
		return errors.New("usage: gen-examples [-version X.Y.Z] <schema.json> <examples-dir> <out-dir>")
	}
	schemaPath, examplesDir, outDir := flag.Arg(0), flag.Arg(1), flag.Arg(2)
	pkg, err := loadPackage(schemaPath, *version)
	if err != nil {
		return err
	}
	paths, err := filepath.Glob(filepath.Join(examplesDir, "*.pp"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("no .pp example in %s", examplesDir)
	}
	sort.Strings(paths)
	for _, path := range paths {
		if err := generate(path, pkg, outDir); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen-examples:", err)
		os.Exit(1)
	}
}
