package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The build and deploy logs of a failed deployment.
		// Before you run it: replace `cpd_acmetoolsv2000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
		logs := tcs.GetCustomProviderDeploymentLogsOutput(ctx, tcs.GetCustomProviderDeploymentLogsOutputArgs{
			Id: pulumi.String("cpd_acmetoolsv2000000000"),
		}, nil)
		ctx.Export("firstStepName", logs.ApplyT(func(logs tcs.GetCustomProviderDeploymentLogsResult) (*string, error) {
			return logs.Steps[0].Name, nil
		}).(pulumi.StringPtrOutput))
		return nil
	})
}
