// Package quickstart is the Tool Connectivity Service quickstart in Go, on the native provider's Go
// SDK (sdks/go): one of each resource, against the emulator's fixtures (emulator/README.md lists
// them). main.go runs it with `pulumi up`; automation/ runs it as an Automation API inline program.
package quickstart

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// Fixture ids of the emulator (stable in every environment).
const (
	githubProvider            = "prov_github00000000000000"
	githubIntegrationProvider = "intp_github00000000000000"
	githubOAuthApp            = "pac_githuboauth000000000"
	devtoolsIntegration       = "int_devtools000000000000"
)

// Program declares the quickstart's resources and exports their ids.
func Program(ctx *pulumi.Context) error {
	owner := config.Get(ctx, "quickstart:owner")
	if owner == "" {
		owner = "platform-team"
	}
	metadata := pulumi.Map{"owner": pulumi.String(owner)}

	// Settings for the hosted GitHub MCP server; value is checked against its config schema at
	// preview, and is secret in state from the start.
	github, err := tcs.NewProviderConfig(ctx, "github", &tcs.ProviderConfigArgs{
		ProviderId:  pulumi.String(githubProvider),
		Name:        pulumi.String("GitHub for agents"),
		Description: pulumi.String("Issues and pull requests, read and triage only."),
		Value:       pulumi.Map{"base_url": pulumi.String("https://api.github.com"), "timeout_seconds": pulumi.Int(30)},
		ToolFilters: &tcs.ToolFiltersArgs{Type: pulumi.String("tool_keys"), Keys: pulumi.StringArray{pulumi.String("issues.list"), pulumi.String("issues.create"), pulumi.String("pulls.list")}},
		Metadata:    metadata,
	})
	if err != nil {
		return err
	}

	// Receive GitHub events, and attach the callback to the config above.
	events, err := tcs.NewCallback(ctx, "github-events", &tcs.CallbackArgs{
		IntegrationProviderId: pulumi.String(githubIntegrationProvider),
		Name:                  pulumi.String("GitHub events"),
		Description:           pulumi.String("Issue and push events for the triage agent."),
		Metadata:              metadata,
	})
	if err != nil {
		return err
	}
	attachment, err := tcs.NewCallbackInstance(ctx, "github-events-config", &tcs.CallbackInstanceArgs{
		CallbackId:           events.ID(),
		ProviderConfigId:     github.ID(),
		ProviderAuthConfigId: pulumi.String(githubOAuthApp),
	})
	if err != nil {
		return err
	}

	// A role for the support agents.
	support, err := tcs.NewRole(ctx, "support-agents", &tcs.RoleArgs{
		Name:        pulumi.String("Support agents"),
		Slug:        pulumi.String("support-agents"),
		Permissions: pulumi.StringArray{pulumi.String("thread_create"), pulumi.String("thread_read"), pulumi.String("message_read")},
		Description: pulumi.String("Answer customer threads."),
	})
	if err != nil {
		return err
	}

	// A setup link for a teammate to connect the developer tools integration.
	onboarding, err := tcs.NewIntegrationSetupSession(ctx, "devtools-onboarding", &tcs.IntegrationSetupSessionArgs{
		IntegrationId: pulumi.String(devtoolsIntegration),
		Name:          pulumi.String("Connect developer tools"),
		RedirectUrl:   pulumi.String("https://example.com/setup-done"),
		Metadata:      metadata,
	})
	if err != nil {
		return err
	}

	ctx.Export("providerConfigId", github.ID())
	ctx.Export("callbackId", events.ID())
	ctx.Export("callbackInstanceId", attachment.ID())
	ctx.Export("webhookUrl", attachment.WebhookUrl)
	ctx.Export("roleId", support.ID())
	ctx.Export("setupSessionId", onboarding.ID())
	ctx.Export("setupUrl", onboarding.Url)
	return nil
}
