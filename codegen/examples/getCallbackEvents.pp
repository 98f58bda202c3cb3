# The ten latest events of a callback named in the stack's config: `pulumi config set callbackId cb_...`.
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
