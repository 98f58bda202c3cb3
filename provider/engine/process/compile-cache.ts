// The plugin's modules compiled once and kept on disk, in Node's module compile cache (by default in
// the system's temporary directory; NODE_COMPILE_CACHE moves it, NODE_DISABLE_COMPILE_CACHE=1 turns
// it off). The engine starts a new plugin process for every preview, up, refresh and destroy, and
// that process compiles every module it loads before it answers: loading the SDK, zod and undici
// took about 90 ms of the dynamic door's first read in a refresh, about 55 ms from the cache. A
// refresh of 500 resources takes about 2.3 s. The cache is keyed by each file's content and Node's
// version: an upgrade compiles again and never runs stale code.
// Imported first by the dynamic door's impl.ts (after the V8 settings) and by the native plugin's
// main.ts, so that every module loaded after it is cached.
import * as nodeModule from "node:module";

nodeModule.enableCompileCache?.();

let saveScheduled = false;
/** How many modules this process had loaded when it last wrote the cache. */
let modulesAtLastSave: number | undefined;

/**
 * Writes what this process compiled to the cache, after the answer being prepared is sent. Node
 * promises to write its cache at a normal exit only (24 writes sooner, unasked), and the engine ends
 * its plugins with a signal. Called once modules were loaded: after each configure, after a
 * connection's first request loaded the SDK. Once the cache holds them, nothing is written.
 * Not written when no module was loaded since the last write: the dynamic door's engine compiles
 * each resource type's provider module (dynamic/shim.ts) under the same empty file name, so writing
 * for it would only replace the previous type's entry, every run, with a file each time.
 */
export function saveCompiledModules(): void {
  if (saveScheduled) return;
  saveScheduled = true;
  setImmediate(() => {
    saveScheduled = false;
    // A single executable's require has no cache to count: it writes each time.
    const modules = require.cache ? Object.keys(require.cache).length : undefined;
    if (modules !== undefined && modules === modulesAtLastSave) return;
    modulesAtLastSave = modules;
    nodeModule.flushCompileCache?.();
  });
}
