// gen-sdk-dotnet: the .NET SDK from the same schema, for codegen/gen-sdk.sh. Pulumi v3.259.0 moved its
// .NET generator out of pulumi/pkg into the pulumi-dotnet language host, which the Go module proxy
// here does not serve; pulumi/pkg v3.206.0 still carries it (pkg/codegen/dotnet), so this small tool,
// in a module of its own (one build cannot hold two versions of pulumi/pkg), calls that one.
//
// Usage: gen-sdk-dotnet [-version X.Y.Z] <schema.json> <out-dir>   (writes <out-dir>/dotnet)
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noExternalPackages refuses every package reference: the schema refers to none.
type noExternalPackages struct{}

func (noExternalPackages) err(name string) error {
	return fmt.Errorf("schema references package %q; gen-sdk-dotnet loads no external packages", name)
}

func (n noExternalPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, n.err(pkg)
}

func (n noExternalPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, n.err(d.Name)
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen-sdk-dotnet:", err)
		os.Exit(1)
	}
}

func run() error {
	version := flag.String("version", "", "SDK version (the package's)")
	flag.Parse()
	if flag.NArg() != 2 {
		return errors.New("usage: gen-sdk-dotnet [-version X.Y.Z] <schema.json> <out-dir>")
	}
	raw, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return err
	}
	if *version != "" {
		spec.Version = *version
	}
	pkg, diags, err := schema.BindSpec(spec, noExternalPackages{}, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return err
	}
	for _, d := range diags {
		fmt.Fprintf(os.Stderr, "gen-sdk-dotnet: %s\n", strings.TrimSpace(d.Summary+" "+d.Detail))
	}
	if diags.HasErrors() {
		return errors.New("the schema has errors")
	}
	// The generator downloads the NuGet package's icon from pkg.LogoURL (by default from GitHub, which
	// this machine cannot reach): it gets a plain one from a server of this process instead.
	logo, err := serveLogo()
	if err != nil {
		return err
	}
	pkg.LogoURL = logo
	files, err := dotnet.GeneratePackage("pulumi-language-dotnet", pkg, nil, nil)
	if err != nil {
		return err
	}
	dir := filepath.Join(flag.Arg(1), "dotnet")
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// serveLogo serves a 64x64 icon on loopback for the generator to fetch, and returns its URL. The
// image is made here, the same bytes every run, so the generated SDK never changes because of it.
func serveLogo() (string, error) {
	icon := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			icon.Set(x, y, color.RGBA{R: 0x4d, G: 0x5b, B: 0xd9, A: 0xff})
		}
	}
	var encoded bytes.Buffer
	if err := png.Encode(&encoded, icon); err != nil {
		return "", err
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	go func() {
		_ = http.Serve(listener, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write(encoded.Bytes())
		}))
	}()
	return "http://" + listener.Addr().String() + "/logo.png", nil
}
