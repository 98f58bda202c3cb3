package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// One deployment of a custom provider, by id: its status and the commit it built.
		// Before you run it: replace `cpd_acmetoolsv1000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
		deployment := tcs.GetCustomProviderDeploymentOutput(ctx, tcs.GetCustomProviderDeploymentOutputArgs{
			Id: pulumi.String("cpd_acmetoolsv1000000000"),
		}, nil)
		ctx.Export("deploymentStatus", deployment.Status())
		return nil
	})
}
