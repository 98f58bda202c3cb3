// The provider's settings, one room: the declaration (declaration.ts) and what derives from it. Loads no
// package and no file of the SDK; the client and the tier advice (client.ts), which need it, are
// imported by their own path, by the code that makes requests.
export * from "./declaration";
export * from "./owner";
export * from "./read";
export * from "./connections";
export * from "./tier";
export * from "./values";
export type { RateLimitTier } from "../../sdk";
