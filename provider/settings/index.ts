// The settings room's light part (no package, no file of the SDK): client.ts, environment.ts and provider.ts are imported by path.
export * from "./declaration";
export * from "./owner";
export * from "./read";
export * from "./connections";
export type { RateLimitTier } from "../../sdk";
