package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A setup link for a teammate to connect the developer tools integration. A new link is made once
		// this one has expired.
		// Before you run it: replace `int_devtools000000000000` (the emulator's developer tools integration) with the id of your integration, and `https://example.com/setup-done` with the page to land on after setup.
		devtoolsOnboarding, err := tcs.NewIntegrationSetupSession(ctx, "devtoolsOnboarding", &tcs.IntegrationSetupSessionArgs{
			IntegrationId:      pulumi.String("int_devtools000000000000"),
			Name:               pulumi.String("Connect developer tools"),
			RedirectUrl:        pulumi.String("https://example.com/setup-done"),
			ReplaceWhenExpired: pulumi.Bool(true),
			Metadata: pulumi.Map{
				"owner": pulumi.Any("platform-team"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("setupUrl", devtoolsOnboarding.Url)
		return nil
	})
}
