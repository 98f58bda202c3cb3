package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Every role of the environment, built in and custom.
		roles := tcs.GetRolesOutput(ctx)
		ctx.Export("firstRoleSlug", roles.ApplyT(func(roles tcs.GetRolesResult) (*string, error) {
			return roles.Items[0].Slug, nil
		}).(pulumi.StringPtrOutput))
		return nil
	})
}
