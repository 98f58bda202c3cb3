package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A role for the support agents: they may open and read threads and read messages.
		supportAgents, err := tcs.NewRole(ctx, "supportAgents", &tcs.RoleArgs{
			Name: pulumi.String("Support agents"),
			Slug: pulumi.String("support-agents"),
			Permissions: pulumi.StringArray{
				pulumi.String("thread_create"),
				pulumi.String("thread_read"),
				pulumi.String("message_read"),
			},
			Description: pulumi.String("Answer customer threads."),
		})
		if err != nil {
			return err
		}
		ctx.Export("roleId", supportAgents.ID())
		return nil
	})
}
