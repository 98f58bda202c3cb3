import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

const config = new pulumi.Config();
// The base URL of the staging environment's API (pulumi config set stagingBaseUrl https://...).
const stagingBaseUrl = config.require("stagingBaseUrl");
// The secret key of the staging environment (pulumi config set --secret stagingApiKey service_sk_...).
const stagingApiKey = config.requireSecret("stagingApiKey");
const staging = new tcs.Provider("staging", {
    baseUrl: stagingBaseUrl,
    apiKey: stagingApiKey,
    rateLimitTier: "development",
});
const stagingTriage = new tcs.Role("stagingTriage", {
    name: "Triage",
    slug: "triage",
    permissions: ["thread_read"],
}, {
    provider: staging,
});
