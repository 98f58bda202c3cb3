import pulumi
import pulumi_tcs as tcs

config = pulumi.Config()
# The secret key of the staging environment (pulumi config set --secret stagingApiKey service_sk_...).
staging_api_key = config.require_secret("stagingApiKey")
staging = tcs.Provider("staging",
    base_url="https://staging.api.example.com",
    api_key=staging_api_key,
    rate_limit_tier="development")
staging_triage = tcs.Role("stagingTriage",
    name="Triage",
    slug="triage",
    permissions=["thread_read"],
    opts = pulumi.ResourceOptions(provider=staging))
