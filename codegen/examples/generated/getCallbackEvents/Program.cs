using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    // The callback whose events to read.
    var callbackId = config.Require("callbackId");
    var recentEvents = Tcs.GetCallbackEvents.Invoke(new()
    {
        CallbackId = callbackId,
        Limit = 10,
    });

    return new Dictionary<string, object?>
    {
        ["latestEventType"] = recentEvents.Apply(getCallbackEventsResult => getCallbackEventsResult.Items[0].Type),
    };
});

