// pulumi-tcs policy pack: guard rails for Tool Connectivity Service resources declared with
// pulumi-tcs. Compiled to dist/policy; the pack's directory (policy/, with PulumiPolicy.yaml and a
// package.json whose main is this file's build) is what `--policy-pack` names. See docs/policy.md.
import { PolicyPack } from "@pulumi/policy";
import { policies } from "./policies";
import { installSecretKeyTracking } from "./secret-inputs";

// Before the pack serves any request: lets tcs-api-key-secret tell secret config from plain text.
installSecretKeyTracking();

new PolicyPack("tcs-policy", {
  description: "Guard rails for Tool Connectivity Service resources managed with pulumi-tcs.",
  policies,
});
