using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // Settings for the hosted GitHub MCP server: `value` is checked against the provider's config schema
    // at preview and is secret in state; only three of its tools are offered to agents.
    // Before you run it: replace `prov_github00000000000000` (the emulator's GitHub provider) with the id of your provider, and `value` with settings its config schema accepts.
    var github = new Tcs.ProviderConfig("github", new()
    {
        ProviderId = "prov_github00000000000000",
        Name = "GitHub for agents",
        Description = "Issues and pull requests, read and triage only.",
        Value = 
        {
            { "base_url", "https://api.github.com" },
            { "timeout_seconds", 30 },
        },
        ToolFilters = new Tcs.Inputs.ToolFiltersArgs
        {
            Type = "tool_keys",
            Keys = new[]
            {
                "issues.list",
                "issues.create",
                "pulls.list",
            },
        },
        Metadata = 
        {
            { "owner", "platform-team" },
        },
    });

    return new Dictionary<string, object?>
    {
        ["providerConfigId"] = github.Id,
    };
});

