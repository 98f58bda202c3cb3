// Runs the Go quickstart as an Automation API inline program: the Go program and the real pulumi
// CLI, with no Go language host (the Go process hosts the program itself). Used by the tests, and by
// anyone without a Go language host. One operation per run, its result as one line of JSON:
//
//	go run ./automation <up|preview|destroy> <work dir>
//
// Settings come from the environment: TCS_BASE_URL and TCS_API_KEY (set as stack config, the key as
// a secret), PULUMI_BACKEND_URL and PULUMI_CONFIG_PASSPHRASE for the state, TCS_PLUGIN_DIR for the
// directory holding pulumi-resource-tcs (the npm package's bin/).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"example.com/tcs-go-quickstart/quickstart"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	if len(os.Args) != 3 {
		return fmt.Errorf("usage: automation <up|preview|destroy> <work dir>")
	}
	operation, workDir := os.Args[1], os.Args[2]
	ctx := context.Background()
	project := workspace.Project{
		Name:    tokens.PackageName("tcs-go-quickstart"),
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		// The plugin from the npm package, as Pulumi.yaml names it for `pulumi up`.
		Plugins: &workspace.Plugins{Providers: []workspace.PluginOptions{{Name: "tcs", Path: os.Getenv("TCS_PLUGIN_DIR")}}},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, "dev", "tcs-go-quickstart", quickstart.Program, auto.Project(project), auto.WorkDir(workDir))
	if err != nil {
		return err
	}
	if err := stack.SetConfig(ctx, "tcs:baseUrl", auto.ConfigValue{Value: os.Getenv("TCS_BASE_URL")}); err != nil {
		return err
	}
	if err := stack.SetConfig(ctx, "tcs:apiKey", auto.ConfigValue{Value: os.Getenv("TCS_API_KEY"), Secret: true}); err != nil {
		return err
	}

	result := map[string]any{"operation": operation}
	switch operation {
	case "up":
		up, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		outputs := map[string]any{}
		for name, output := range up.Outputs {
			if output.Secret {
				outputs[name] = "[secret]"
			} else {
				outputs[name] = output.Value
			}
		}
		result["changes"], result["outputs"] = up.Summary.ResourceChanges, outputs
	case "preview":
		preview, err := stack.Preview(ctx, optpreview.ExpectNoChanges(), optpreview.ProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		result["changes"] = preview.ChangeSummary
	case "destroy":
		destroy, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		result["changes"] = destroy.Summary.ResourceChanges
	default:
		return fmt.Errorf("unknown operation %q: up, preview or destroy", operation)
	}
	return json.NewEncoder(os.Stdout).Encode(result)
}
