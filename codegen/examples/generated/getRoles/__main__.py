import pulumi
import pulumi_tcs as tcs

# Every role of the environment, built in and custom.
roles = tcs.get_roles_output()
pulumi.export("firstRoleSlug", roles.items[0].slug)
