import pulumi
import pulumi_tcs as tcs

# Attach a callback to a provider config: the service then starts its triggers and gives it a webhook URL.
# Before you run it: replace the emulator's ids with your account's: `prov_github00000000000000` (a provider), `intp_github00000000000000` (an integration provider) and `pac_githuboauth000000000` (that provider's auth config).
github = tcs.ProviderConfig("github",
    provider_id="prov_github00000000000000",
    name="GitHub for agents",
    value={
        "base_url": "https://api.github.com",
        "timeout_seconds": 30,
    })
github_events = tcs.Callback("githubEvents",
    integration_provider_id="intp_github00000000000000",
    name="GitHub events")
github_events_config = tcs.CallbackInstance("githubEventsConfig",
    callback_id=github_events.id,
    provider_config_id=github.id,
    provider_auth_config_id="pac_githuboauth000000000")
pulumi.export("webhookUrl", github_events_config.webhook_url)
