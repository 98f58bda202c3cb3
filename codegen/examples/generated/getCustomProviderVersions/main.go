package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The versions of the Acme tools custom provider.
		// Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
		versions := tcs.GetCustomProviderVersionsOutput(ctx, tcs.GetCustomProviderVersionsOutputArgs{
			CustomProviderId: pulumi.StringArray{
				pulumi.String("cprov_acmetools00000000000"),
			},
		}, nil)
		ctx.Export("firstVersionStatus", versions.ApplyT(func(versions tcs.GetCustomProviderVersionsResult) (*string, error) {
			return versions.Items[0].Status, nil
		}).(pulumi.StringPtrOutput))
		return nil
	})
}
