// Command gen-examples-dotnet-yaml is codegen/gen-examples for C# and YAML: the same PCL examples,
// bound the same way, through the C# program generator of pulumi/pkg v3.206.0 (the version
// gen-sdk-dotnet uses: later pkg/v3 has no .NET generator) and pulumi-yaml v1.25.0's (the YAML
// language host's version; it builds against that same pkg). The main.go of the two differs only in
// the generators (and the fixes each gets: here `config:` for YAML, and secret config for both, which
// v3.206.0's binder does not read) and in how v3.206.0's binder takes its loader.
//
// Usage: gen-examples-dotnet-yaml [-version X.Y.Z] <schema.json> <examples-dir> <out-dir>
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
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/model"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/zclconf/go-cty/cty"

	yaml "github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"
	"github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
)

var generators = map[string]func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error){
	"csharp": csharpProgram,
	"yaml":   yamlProgram,
}

// secretConfig is the config variables an example declares with `secret = true` (an API key).
// v3.206.0's binder ignores the attribute (v3.259.0's reads it, and codegen/gen-examples' generators
// then read the value as a secret), so without this the C# and YAML programs would take a key as
// plain text: unencrypted in the stack's config, and shown in clear wherever the program prints it.
func secretConfig(program *pcl.Program) ([]*pcl.ConfigVariable, error) {
	var secrets []*pcl.ConfigVariable
	for _, v := range program.ConfigVariables() {
		attr, ok := v.Definition.Body.Attribute("secret")
		if !ok {
			continue
		}
		literal, ok := attr.Value.(*model.LiteralValueExpression)
		// As v3.259.0's binder reads it: a literal true or false, nothing computed.
		if !ok || literal.Value.Type() != cty.Bool {
			return nil, fmt.Errorf("config %s: secret must be true or false", v.Name())
		}
		if literal.Value.True() {
			secrets = append(secrets, v)
		}
	}
	return secrets, nil
}

// replaceOnce replaces the one match of pattern in text, and fails naming what when there is none:
// a generator that writes another form must not let a secret through as plain text.
func replaceOnce(text []byte, pattern, replacement, what string) ([]byte, error) {
	re := regexp.MustCompile(pattern)
	if n := len(re.FindAll(text, -1)); n != 1 {
		return nil, fmt.Errorf("%s: expected one match of %s in the generated program, found %d", what, pattern, n)
	}
	return re.ReplaceAll(text, []byte(replacement)), nil
}

// yamlProgram is pulumi-yaml's GenerateProgram with two fixes. It writes config under the root-level
// `configuration:` key, which Pulumi YAML has deprecated for `config:` (the project's config
// declarations, which take the same `type:`): the language host warns on every run of a program
// that uses it. And it drops `secret = true`: under `config:`, `secret: true` makes the CLI refuse a
// value set without --secret ("must be encrypted as it's secret").
func yamlProgram(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
	files, diags, err := yaml.GenerateProgram(program)
	if err != nil {
		return nil, diags, err
	}
	secrets, err := secretConfig(program)
	if err != nil {
		return nil, diags, err
	}
	if len(program.ConfigVariables()) == 0 {
		return files, diags, nil
	}
	for name, text := range files {
		if text, err = replaceOnce(text, `(?m)^configuration:$`, "config:", "yaml"); err != nil {
			return nil, diags, err
		}
		for _, secret := range secrets {
			// The entry (under the name the program refers to it by), then its type: the generator
			// writes the type first.
			entry := `(?m)^(  ` + regexp.QuoteMeta(secret.Name()) + `:\n    type: .*\n)`
			if text, err = replaceOnce(text, entry, "${1}    secret: true\n", "yaml config "+secret.Name()); err != nil {
				return nil, diags, err
			}
		}
		files[name] = text
	}
	return files, diags, nil
}

// csharpProgram is dotnet.GenerateProgram with two fixes: a secret config variable is read as a
// secret (secretConfig), and v3.206.0 names a function's namespace
// Pulumi.<Package> whatever the schema's csharp.rootNamespace says (a resource's using honours it),
// so an example that calls a function would not compile, and one that also makes a resource would
// alias Tcs twice.
func csharpProgram(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
	files, diags, err := dotnet.GenerateProgram(program)
	if err != nil {
		return nil, diags, err
	}
	// config.Require("k") -> config.RequireSecret("k"); likewise Get, RequireInt32 -> RequireSecretInt32...
	secrets, err := secretConfig(program)
	if err != nil {
		return nil, diags, err
	}
	for name, text := range files {
		for _, secret := range secrets {
			key := secret.LogicalName()
			read := `config\.(Require|Get)(\w*)(<[^>]*>)?\("` + regexp.QuoteMeta(key) + `"\)`
			if text, err = replaceOnce(text, read, `config.${1}Secret${2}${3}("`+key+`")`, "csharp config "+key); err != nil {
				return nil, diags, err
			}
		}
		files[name] = text
	}
	for _, pkg := range program.PackageReferences() {
		def, err := pkg.Definition()
		if err != nil {
			return nil, diags, err
		}
		info, ok := def.Language["csharp"].(dotnet.CSharpPackageInfo)
		if !ok || info.RootNamespace == "" {
			continue
		}
		alias := dotnet.Title(pkg.Name())
		wrong := fmt.Sprintf("using %s = Pulumi.%s;\n", alias, alias)
		right := fmt.Sprintf("using %s = %s.%s;\n", alias, info.RootNamespace, alias)
		for name, text := range files {
			fixed := strings.Replace(string(text), wrong, "", 1)
			if !strings.Contains(fixed, right) {
				fixed = strings.Replace(string(text), wrong, right, 1)
			}
			files[name] = []byte(fixed)
		}
	}
	return files, diags, nil
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
	program, diags, err := pcl.BindProgram(parser.Files, pcl.Loader(onePackage{pkg}), pcl.PreferOutputVersionedInvokes)
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
		return errors.New("usage: gen-examples-dotnet-yaml [-version X.Y.Z] <schema.json> <examples-dir> <out-dir>")
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
		fmt.Fprintln(os.Stderr, "gen-examples-dotnet-yaml:", err)
		os.Exit(1)
	}
}
