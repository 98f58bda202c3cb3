import pulumi
import pulumi_tcs as tcs

# A setup link for a teammate to connect the developer tools integration. A new link is made once
# this one has expired.
# Before you run it: replace `int_devtools000000000000` (the emulator's developer tools integration) with the id of your integration, and `https://example.com/setup-done` with the page to land on after setup.
devtools_onboarding = tcs.IntegrationSetupSession("devtoolsOnboarding",
    integration_id="int_devtools000000000000",
    name="Connect developer tools",
    redirect_url="https://example.com/setup-done",
    replace_when_expired=True,
    metadata={
        "owner": "platform-team",
    })
pulumi.export("setupUrl", devtools_onboarding.url)
