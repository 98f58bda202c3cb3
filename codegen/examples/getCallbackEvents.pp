# The ten latest events of a callback named in the stack's config.
# Before you run it: `pulumi config set callbackId cb_...` with the id of one of your callbacks.
config callbackId "string" {
  description = "The callback whose events to read."
}

recentEvents = invoke("tcs:index:getCallbackEvents", {
  callbackId = callbackId
  limit      = 10
})

output latestEventType {
  value = recentEvents.items[0].type
}
