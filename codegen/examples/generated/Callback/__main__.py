import pulumi
import pulumi_tcs as tcs

# Receive GitHub's events (issues opened, pushes) on the devtools integration's GitHub provider.
# Before you run it: replace `intp_github00000000000000` (the emulator's GitHub integration provider) with the id of your integration provider.
github_events = tcs.Callback("githubEvents",
    integration_provider_id="intp_github00000000000000",
    name="GitHub events",
    description="Issue and push events for the triage agent.",
    metadata={
        "owner": "platform-team",
    })
pulumi.export("callbackId", github_events.id)
