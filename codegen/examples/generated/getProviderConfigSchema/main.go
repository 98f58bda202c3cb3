package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The JSON Schema a GitHub provider config's `value` must satisfy.
		// Before you run it: replace `prov_github00000000000000` (the emulator's GitHub provider) with the id of your provider.
		githubSchema := tcs.GetProviderConfigSchemaOutput(ctx, tcs.GetProviderConfigSchemaOutputArgs{
			ProviderId: pulumi.String("prov_github00000000000000"),
		}, nil)
		ctx.Export("visibility", githubSchema.Visibility())
		return nil
	})
}
