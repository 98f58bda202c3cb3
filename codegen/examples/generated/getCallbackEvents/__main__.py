import pulumi
import pulumi_tcs as tcs

config = pulumi.Config()
# The callback whose events to read.
callback_id = config.require("callbackId")
recent_events = tcs.get_callback_events_output(callback_id=callback_id,
    limit=float(10))
pulumi.export("latestEventType", recent_events.items[0].type)
