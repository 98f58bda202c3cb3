package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Receive GitHub's events (issues opened, pushes) on the devtools integration's GitHub provider.
		// Before you run it: replace `intp_github00000000000000` (the emulator's GitHub integration provider) with the id of your integration provider.
		githubEvents, err := tcs.NewCallback(ctx, "githubEvents", &tcs.CallbackArgs{
			IntegrationProviderId: pulumi.String("intp_github00000000000000"),
			Name:                  pulumi.String("GitHub events"),
			Description:           pulumi.String("Issue and push events for the triage agent."),
			Metadata: pulumi.Map{
				"owner": pulumi.Any("platform-team"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("callbackId", githubEvents.ID())
		return nil
	})
}
