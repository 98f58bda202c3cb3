// @ts-check
// pulumi-tcs policy pack: guard rails for Tool Connectivity Service resources declared with
// pulumi-tcs. Enable it with `pulumi preview --policy-pack policy/` (see docs/policy.md for the
// rules, their levels and their config).
const { PolicyPack } = require("@pulumi/policy");
const { installSecretKeyTracking } = require("./secret-inputs");
const { policies } = require("./rules");

// Before the pack serves any request: lets tcs-api-key-secret tell secret config from plain text.
installSecretKeyTracking();

new PolicyPack("tcs-policy", {
  description: "Guard rails for Tool Connectivity Service resources managed with pulumi-tcs.",
  policies,
});
