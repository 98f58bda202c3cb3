// zod, loaded when a check is first built. It takes about 80 ms to load (its 63 locale modules among
// them), and most processes that read the shapes never validate: a program only declares resources,
// pulumi-tcs drift only classifies, and a preview whose declarations are unchanged skips validation
// (engine/validated-by.ts). So a field's check is a function of zod, built on first use.
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as zod from "zod";

export type Zod = typeof zod.z;

/** A field's check, built from zod when a shape's schema is first needed. */
export type Check<T> = (z: Zod) => zod.ZodType<T>;

let loaded: Zod | undefined;

/** zod itself, loaded on the first call. */
export function loadZod(): Zod {
  loaded ??= (require("zod") as typeof zod).z;
  return loaded;
}
