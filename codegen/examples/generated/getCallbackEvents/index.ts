import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

const config = new pulumi.Config();
// The callback whose events to read.
const callbackId = config.require("callbackId");
const recentEvents = tcs.getCallbackEventsOutput({
    callbackId: callbackId,
    limit: 10,
});
export const latestEventType = recentEvents.items[0].type;
