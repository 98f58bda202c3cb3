package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The succeeded deployments of the Acme tools custom provider.
		// Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
		deployments := tcs.GetCustomProviderDeploymentsOutput(ctx, tcs.GetCustomProviderDeploymentsOutputArgs{
			CustomProviderId: pulumi.StringArray{
				pulumi.String("cprov_acmetools00000000000"),
			},
			Status: pulumi.StringArray{
				pulumi.String("succeeded"),
			},
		}, nil)
		ctx.Export("latestSucceededId", deployments.ApplyT(func(deployments tcs.GetCustomProviderDeploymentsResult) (string, error) {
			return deployments.Items[0].Id, nil
		}).(pulumi.StringOutput))
		return nil
	})
}
