import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// A setup link for a teammate to connect the developer tools integration. A new link is made once
// this one has expired.
const devtoolsOnboarding = new tcs.IntegrationSetupSession("devtoolsOnboarding", {
    integrationId: "int_devtools000000000000",
    name: "Connect developer tools",
    redirectUrl: "https://example.com/setup-done",
    replaceWhenExpired: true,
    metadata: {
        owner: "platform-team",
    },
});
export const setupUrl = devtoolsOnboarding.url;
