// The provider's settings, one room: the declaration and what derives from it. Loads no package and no
// file of the SDK: client.ts, environment.ts and provider.ts (the native door's) are imported by their own path.
export * from "./declaration";
export * from "./owner";
export * from "./read";
export * from "./connections";
export type { RateLimitTier } from "../../sdk";
