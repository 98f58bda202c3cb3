import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// Attach a callback to a provider config: the service then starts its triggers and gives it a webhook URL.
// Before you run it: replace the emulator's ids with your account's: `prov_github00000000000000` (a provider), `intp_github00000000000000` (an integration provider) and `pac_githuboauth000000000` (that provider's auth config).
const github = new tcs.ProviderConfig("github", {
    providerId: "prov_github00000000000000",
    name: "GitHub for agents",
    value: {
        base_url: "https://api.github.com",
        timeout_seconds: 30,
    },
});
const githubEvents = new tcs.Callback("githubEvents", {
    integrationProviderId: "intp_github00000000000000",
    name: "GitHub events",
});
const githubEventsConfig = new tcs.CallbackInstance("githubEventsConfig", {
    callbackId: githubEvents.id,
    providerConfigId: github.id,
    providerAuthConfigId: "pac_githuboauth000000000",
});
export const webhookUrl = githubEventsConfig.webhookUrl;
