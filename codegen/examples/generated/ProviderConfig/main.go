package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Settings for the hosted GitHub MCP server: `value` is checked against the provider's config schema
		// at preview and is secret in state; only three of its tools are offered to agents.
		// Before you run it: replace `prov_github00000000000000` (the emulator's GitHub provider) with the id of your provider, and `value` with settings its config schema accepts.
		github, err := tcs.NewProviderConfig(ctx, "github", &tcs.ProviderConfigArgs{
			ProviderId:  pulumi.String("prov_github00000000000000"),
			Name:        pulumi.String("GitHub for agents"),
			Description: pulumi.String("Issues and pull requests, read and triage only."),
			Value: pulumi.Map{
				"base_url":        pulumi.Any("https://api.github.com"),
				"timeout_seconds": pulumi.Any(30),
			},
			ToolFilters: &tcs.ToolFiltersArgs{
				Type: pulumi.String("tool_keys"),
				Keys: pulumi.StringArray{
					pulumi.String("issues.list"),
					pulumi.String("issues.create"),
					pulumi.String("pulls.list"),
				},
			},
			Metadata: pulumi.Map{
				"owner": pulumi.Any("platform-team"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("providerConfigId", github.ID())
		return nil
	})
}
