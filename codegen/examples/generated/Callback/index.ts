import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// Receive GitHub's events (issues opened, pushes) on the devtools integration's GitHub provider.
// Before you run it: replace `intp_github00000000000000` (the emulator's GitHub integration provider) with the id of your integration provider.
const githubEvents = new tcs.Callback("githubEvents", {
    integrationProviderId: "intp_github00000000000000",
    name: "GitHub events",
    description: "Issue and push events for the triage agent.",
    metadata: {
        owner: "platform-team",
    },
});
export const callbackId = githubEvents.id;
