// The V8 settings of the native plugin's process alone, applied after those it shares with the
// dynamic door's plugin (engine/process/v8-flags.ts; main.ts applies both before anything else).

// The old generation grows by half its live size between full collections, instead of V8's dynamic
// factor (up to 4x, with no full collection at all in a refresh after the plugin loaded). With
// semi-spaces of 1 MB, whatever a call holds across a scan (its gRPC call, its properties, the scan's
// pages) survives two scavenges and is promoted, to die in old space: at N = 2000 a refresh's old space
// grew from 15 to 43 MB of mostly garbage (live data after a full collection: about 20 MB), against
// 20 MB at N = 500, and the peak with it, 13 KB a resource. With this, 5 full collections at N = 2000
// (2 at N = 500) keep the old space at 23 MB and 17 MB: refresh peaks of 105 to 109 MB at both sizes,
// under 2 KB a resource. The collections' pauses add about 40 ms to a refresh of 7 s at N = 2000
// (PerformanceObserver "gc" entries); the scavenges take 0.7 s either way. Read by V8 each time it
// sets the next limit, so setting it here takes effect.
export const NATIVE_V8_FLAGS: readonly string[] = ["--heap-growing-percent=50"];
