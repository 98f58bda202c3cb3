// What the client does when the service allows a key more than its declared tier sends and the caller
// gave no onTierBelowService: one process warning, so a production key left on the default
// development tier (paced 50 times slower than the key allows) is never slowed down silently. Once
// per process: a program with many clients hears it once.

import { TIER_WARNING_CODE, type TierBelowServiceNotice } from "../core/options";

let warned = false;

export function warnTierBelowService({ serviceLimit, tier }: TierBelowServiceNotice): void {
  if (warned) return;
  warned = true;
  process.emitWarning(
    `The service allows this API key ${serviceLimit} requests per 10 minutes, but the client paces itself to ${tier.limit} per ` +
      `${tier.windowMs / 1000} s. Set the client's rateLimit option (rateLimit: "production" for a production key, or ` +
      "{ limit, windowMs } for a negotiated one); pass onTierBelowService to handle this notice yourself.",
    { type: "ToolConnectivityWarning", code: TIER_WARNING_CODE },
  );
}
