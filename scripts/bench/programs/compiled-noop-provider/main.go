// A provider that does nothing, compiled as Pulumi's Go providers are (the Go SDK's provider.Main, as
// pulumi-go-provider's and the bridged providers' binaries start): the reference the one-resource
// bench (scripts/bench/parts/one-resource.ts) previews beside ours, to show what a compiled provider
// pays over the CLI's floor for the same one-role program. Installed as the `tcs` plugin in a home of
// its own. It answers the calls a preview and the bench's first `up` make, with the inputs as they
// came: no check, no request, no state of its own. GetSchema serves the file TCS_BENCH_SCHEMA names
// (ours), so that the YAML host reads the same schema either way. With TCS_BENCH_NODE (a node binary)
// it first waits for `node -e 0`: a plugin that starts as late as a Node start and then answers at a
// compiled provider's speed, the least a plugin written in Node can pay.
package main

import (
	"context"
	"os"
	"os/exec"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/provider"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/emptypb"
)

type noop struct {
	pulumirpc.UnimplementedResourceProviderServer
}

func (noop) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: os.Getenv("TCS_BENCH_VERSION")}, nil
}

func (noop) GetSchema(context.Context, *pulumirpc.GetSchemaRequest) (*pulumirpc.GetSchemaResponse, error) {
	schema, err := os.ReadFile(os.Getenv("TCS_BENCH_SCHEMA"))
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GetSchemaResponse{Schema: string(schema)}, nil
}

func (noop) CheckConfig(_ context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	return &pulumirpc.CheckResponse{Inputs: req.GetNews()}, nil
}

func (noop) DiffConfig(context.Context, *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_NONE}, nil
}

func (noop) Configure(context.Context, *pulumirpc.ConfigureRequest) (*pulumirpc.ConfigureResponse, error) {
	return &pulumirpc.ConfigureResponse{AcceptSecrets: true, SupportsPreview: true}, nil
}

func (noop) Check(_ context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	return &pulumirpc.CheckResponse{Inputs: req.GetNews()}, nil
}

func (noop) Diff(context.Context, *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_NONE}, nil
}

func (noop) Create(_ context.Context, req *pulumirpc.CreateRequest) (*pulumirpc.CreateResponse, error) {
	return &pulumirpc.CreateResponse{Id: "rol_compilednoop000000000", Properties: req.GetProperties()}, nil
}

func (noop) Delete(context.Context, *pulumirpc.DeleteRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, nil
}

func main() {
	if node := os.Getenv("TCS_BENCH_NODE"); node != "" {
		if err := exec.Command(node, "-e", "0").Run(); err != nil {
			os.Exit(1)
		}
	}
	err := provider.Main("tcs", func(*provider.HostClient) (pulumirpc.ResourceProviderServer, error) {
		return noop{}, nil
	})
	if err != nil {
		os.Exit(1)
	}
}
