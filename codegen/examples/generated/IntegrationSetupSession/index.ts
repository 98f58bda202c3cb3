import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// A setup link for a teammate to connect the developer tools integration. A new link is made once
// this one has expired.
// Before you run it: replace `int_devtools000000000000` (the emulator's developer tools integration) with the id of your integration, and `https://example.com/setup-done` with the page to land on after setup.
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
