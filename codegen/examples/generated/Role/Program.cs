using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // A role for the support agents: they may open and read threads and read messages.
    var supportAgents = new Tcs.Role("supportAgents", new()
    {
        Name = "Support agents",
        Slug = "support-agents",
        Permissions = new[]
        {
            "thread_create",
            "thread_read",
            "message_read",
        },
        Description = "Answer customer threads.",
    });

    return new Dictionary<string, object?>
    {
        ["roleId"] = supportAgents.Id,
    };
});

