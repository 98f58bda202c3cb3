import pulumi
import pulumi_tcs as tcs

config = pulumi.Config()
# The base URL of the staging environment's API (pulumi config set stagingBaseUrl https://...).
staging_base_url = config.require("stagingBaseUrl")
# The secret key of the staging environment (pulumi config set --secret stagingApiKey service_sk_...).
staging_api_key = config.require_secret("stagingApiKey")
staging = tcs.Provider("staging",
    base_url=staging_base_url,
    api_key=staging_api_key,
    rate_limit_tier="development")
staging_triage = tcs.Role("stagingTriage",
    name="Triage",
    slug="triage",
    permissions=["thread_read"],
    opts = pulumi.ResourceOptions(provider=staging))
