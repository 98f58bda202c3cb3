package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// The base URL of the staging environment's API (pulumi config set stagingBaseUrl https://...).
		stagingBaseUrl := cfg.Require("stagingBaseUrl")
		// The secret key of the staging environment (pulumi config set --secret stagingApiKey service_sk_...).
		stagingApiKey := cfg.RequireSecret("stagingApiKey")
		staging, err := tcs.NewProvider(ctx, "staging", &tcs.ProviderArgs{
			BaseUrl:       pulumi.String(stagingBaseUrl),
			ApiKey:        stagingApiKey,
			RateLimitTier: pulumi.String("development"),
		})
		if err != nil {
			return err
		}
		_, err = tcs.NewRole(ctx, "stagingTriage", &tcs.RoleArgs{
			Name: pulumi.String("Triage"),
			Slug: pulumi.String("triage"),
			Permissions: pulumi.StringArray{
				pulumi.String("thread_read"),
			},
		}, pulumi.Provider(staging))
		if err != nil {
			return err
		}
		return nil
	})
}
