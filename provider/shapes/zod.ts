// zod, loaded when a check is first built. It is costly to load, and most processes that read the
// shapes never validate: a program only declares resources, pulumi-tcs drift only classifies, and a
// preview whose declarations are unchanged skips validation (engine/validated-by.ts). So a field's
// check is a function of zod, built on first use.
/* eslint-disable @typescript-eslint/no-require-imports */
import * as fs from "node:fs";
import * as nodeModule from "node:module";
import * as path from "node:path";
import type * as zod from "zod";

export type Zod = typeof zod.z;

/** A field's check, built from zod when a shape's schema is first needed. */
export type Check<T> = (z: Zod) => zod.ZodType<T>;

let loaded: Zod | undefined;

/** zod itself, loaded on the first call. */
export function loadZod(): Zod {
  if (!loaded) {
    deferZodLocales();
    loaded = (require("zod") as typeof zod).z;
  }
  return loaded;
}

/**
 * Called before this process first loads zod (here, or through the SDK): zod's entry, its classic API
 * and its core alike, loads every locale zod has (63 modules, its index `zod/v4/locales`) to offer
 * them as `z.locales`, which costs about as much as the rest of zod. Messages are zod's English, which
 * zod registers from its own `en` module, not through that index. So the index's place in the module
 * cache gets a stand-in that loads the locales when something first reads `z.locales` (or requires the
 * index), and then answers as the index does. Once zod is loaded, or where there is no such file (a
 * single executable's bundle, another layout of zod), this does nothing.
 */
export function deferZodLocales(): void {
  let file: string;
  try {
    // Found through zod's package.json, which the executable's bundle leaves out (scripts/release/bundle.ts).
    file = path.join(path.dirname(require.resolve("zod/package.json")), "v4", "locales", "index.cjs");
    if (require.cache[file] || !fs.existsSync(file)) return;
  } catch {
    return;
  }
  const standIn = new nodeModule.Module(file);
  standIn.filename = file;
  standIn.loaded = true;
  // The index's exports, copied onto the proxy's target when first needed (the proxy's invariants are the target's).
  const target: object = {};
  let ready = false;
  const locales = (): object => {
    if (!ready) {
      ready = true;
      delete require.cache[file];
      try {
        const index = require(file) as object;
        Object.defineProperties(target, Object.getOwnPropertyDescriptors(index));
        if (Object.isFrozen(index)) Object.freeze(target);
      } finally {
        require.cache[file] = standIn;
      }
    }
    return target;
  };
  const handler: ProxyHandler<object> = {};
  for (const trap of Object.getOwnPropertyNames(Reflect) as Array<keyof ProxyHandler<object>>) {
    (handler as Record<string, unknown>)[trap] = (_target: object, ...args: unknown[]) =>
      (Reflect[trap] as (...a: unknown[]) => unknown)(locales(), ...args);
  }
  // What zod's entry asks of the index as it loads (`__importStar`): an ES module's namespace, answered
  // without loading it.
  handler.get = (_target, key) => (key === "__esModule" && !ready ? true : Reflect.get(locales(), key));
  standIn.exports = new Proxy(target, handler);
  require.cache[file] = standIn;
}
