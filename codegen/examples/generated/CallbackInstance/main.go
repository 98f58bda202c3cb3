package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Attach a callback to a provider config: the service then starts its triggers and gives it a webhook URL.
		// Before you run it: replace the emulator's ids with your account's: `prov_github00000000000000` (a provider), `intp_github00000000000000` (an integration provider) and `pac_githuboauth000000000` (that provider's auth config).
		github, err := tcs.NewProviderConfig(ctx, "github", &tcs.ProviderConfigArgs{
			ProviderId: pulumi.String("prov_github00000000000000"),
			Name:       pulumi.String("GitHub for agents"),
			Value: pulumi.Map{
				"base_url":        pulumi.Any("https://api.github.com"),
				"timeout_seconds": pulumi.Any(30),
			},
		})
		if err != nil {
			return err
		}
		githubEvents, err := tcs.NewCallback(ctx, "githubEvents", &tcs.CallbackArgs{
			IntegrationProviderId: pulumi.String("intp_github00000000000000"),
			Name:                  pulumi.String("GitHub events"),
		})
		if err != nil {
			return err
		}
		githubEventsConfig, err := tcs.NewCallbackInstance(ctx, "githubEventsConfig", &tcs.CallbackInstanceArgs{
			CallbackId:           githubEvents.ID().ToIDOutput().ToStringOutput(),
			ProviderConfigId:     github.ID().ToIDOutput().ToStringOutput(),
			ProviderAuthConfigId: pulumi.String("pac_githuboauth000000000"),
		})
		if err != nil {
			return err
		}
		ctx.Export("webhookUrl", githubEventsConfig.WebhookUrl)
		return nil
	})
}
