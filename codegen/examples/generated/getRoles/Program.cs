using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // Every role of the environment, built in and custom.
    var roles = Tcs.GetRoles.Invoke();

    return new Dictionary<string, object?>
    {
        ["firstRoleSlug"] = roles.Apply(getRolesResult => getRolesResult.Items[0].Slug),
    };
});

