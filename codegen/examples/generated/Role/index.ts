import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// A role for the support agents: they may open and read threads and read messages.
const supportAgents = new tcs.Role("supportAgents", {
    name: "Support agents",
    slug: "support-agents",
    permissions: [
        "thread_create",
        "thread_read",
        "message_read",
    ],
    description: "Answer customer threads.",
});
export const roleId = supportAgents.id;
