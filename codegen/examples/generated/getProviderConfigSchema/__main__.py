import pulumi
import pulumi_tcs as tcs

# The JSON Schema a GitHub provider config's `value` must satisfy.
# Before you run it: replace `prov_github00000000000000` (the emulator's GitHub provider) with the id of your provider.
github_schema = tcs.get_provider_config_schema_output(provider_id="prov_github00000000000000")
pulumi.export("visibility", github_schema.visibility)
