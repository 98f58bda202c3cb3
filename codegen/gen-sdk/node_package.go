package main

import (
	"bytes"
	"fmt"
	"regexp"
)

// The Node.js SDK's package.json names its entry point and what it ships, and its build copies it
// into bin/. The generator does neither (its SDKs are published from their build output with the
// package.json copied in by hand), so after the documented `npm install && npm run build` the package
// had no entry point and require("@pulumi-tcs/tcs") failed. With main and types pointing into bin/
// (tsconfig.json's outDir), and package.json beside the compiled utilities.js, whose getVersion reads
// ./package.json (as the generator's own "local SDK" postinstall script copies it), the built
// directory is the package: installed from a path, or packed by `npm pack` (files: bin/ alone, the
// sources staying out, and the generated .gitignore's bin/ no longer hiding the build).
// A pass over the generator's output, which fails loudly if that output changes shape.

var licenseLine = regexp.MustCompile(`(?m)^    "license": "[^"]*",\n`)

const entryPoint = `    "main": "bin/index.js",
    "types": "bin/index.d.ts",
    "files": [
        "bin/"
    ],
`

const buildScript = `"build": "tsc"`

// Node itself copies, so the script runs wherever npm does (no cp on Windows).
const buildAndCopy = `"build": "tsc && node -e \"require('fs').copyFileSync('package.json', 'bin/package.json')\""`

func nodePackageEntry(files map[string][]byte) error {
	pkg, ok := files["package.json"]
	if !ok {
		return fmt.Errorf("node package entry: the generator wrote no package.json")
	}
	at := licenseLine.FindIndex(pkg)
	if at == nil {
		return fmt.Errorf("node package entry: package.json has no \"license\" line to place main after; update codegen/gen-sdk/node_package.go")
	}
	pkg = append(append(append([]byte{}, pkg[:at[1]]...), entryPoint...), pkg[at[1]:]...)
	if !bytes.Contains(pkg, []byte(buildScript)) {
		return fmt.Errorf("node package entry: package.json's build script is not %s; update codegen/gen-sdk/node_package.go", buildScript)
	}
	files["package.json"] = bytes.Replace(pkg, []byte(buildScript), []byte(buildAndCopy), 1)
	return nil
}
