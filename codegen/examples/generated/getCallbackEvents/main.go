package main

import (
	"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// The callback whose events to read.
		callbackId := cfg.Require("callbackId")
		recentEvents := tcs.GetCallbackEventsOutput(ctx, tcs.GetCallbackEventsOutputArgs{
			CallbackId: pulumi.String(callbackId),
			Limit:      pulumi.Float64(10),
		}, nil)
		ctx.Export("latestEventType", recentEvents.ApplyT(func(recentEvents tcs.GetCallbackEventsResult) (*string, error) {
			return recentEvents.Items[0].Type, nil
		}).(pulumi.StringPtrOutput))
		return nil
	})
}
