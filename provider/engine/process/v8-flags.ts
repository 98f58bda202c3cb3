// The V8 settings of the engine's provider plugin process, applied when the shim first loads the
// implementation (impl.ts imports v8-settings.ts before anything else), or as the native plugin starts
// (native/main.ts imports it first). The engine starts the plugin as `node <script>`, so nothing can
// be given on its command line; the flags below are read by V8 when it needs them, not only at start,
// so setting them from here takes effect. They are set in this process only: the SDK runs in other
// people's processes, the lookups in the program's. The process also serves any other dynamic
// provider of the program; the flags change how V8 sizes its young generation, where it allocates
// and how it compiles WebAssembly, never what any code computes.
// What they save, measured: docs/performance.md, "Plugin memory".
// A single executable is started with them instead (its execArgv, scripts/release/sea.ts; its startup
// snapshot is made with them too), and they are not set again: V8 refuses a code cache in a process
// whose flags were changed at run time, even to the value they had.

/** Sets each flag in this process, unless the process was started with it. */
export function applyV8Flags(flags: readonly string[]): void {
  const missing = flags.filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0) return;
  // Loaded only when needed: node:v8 brings modules of its own that a single executable's start,
  // which has every flag already, would load for nothing.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { setFlagsFromString } = require("node:v8") as typeof import("node:v8");
  for (const flag of missing) setFlagsFromString(flag);
}

export const PLUGIN_V8_FLAGS: readonly string[] = [
  // 1. The young generation stays at the size it has when the plugin's modules load (two semi-spaces
  //    of 16 MB, after @pulumi/pulumi), as in a plugin that sends nothing. V8 doubles it once the bytes
  //    that survived its scavenges since it last grew exceed a semi-space: loading zod, the shapes and
  //    the SDK (about 9 MB kept, counted twice: copied once, promoted once) is enough, and the doubling
  //    added up to 32 MB to every operation's peak. What the larger space buys, fewer scavenges, does
  //    not show in a process whose live data is a few MB: the bench's time ratios did not move beyond
  //    their run-to-run noise. The native plugin sets it before loading anything, so its young
  //    generation keeps V8's first size (semi-spaces of 1 MB): more scavenges, and lower peaks in every
  //    operation than with the space growing (native/main.ts).
  "--semi-space-growth-factor=1",

  // 2. WebAssembly stays on V8's baseline compiler (Liftoff). undici parses HTTP/1 with llhttp compiled
  //    to WebAssembly, and V8 recompiles the functions that run most with TurboFan; llhttp's parser is
  //    one function of 33 KB, whose recompilation takes 23 MB of compiler memory on a worker thread
  //    (`--trace-wasm-compilation-times`), which glibc keeps in that thread's arena: 20 to 25 MB more
  //    peak after a few hundred requests, to parse a few KB of headers per response a little faster.
  //    Dynamic tiering off (compile each function once) and tier-up off (never recompile) together
  //    leave every function on Liftoff; a high tiering budget alone did not stop llhttp's recompilation.
  "--no-wasm-dynamic-tiering",
  "--no-wasm-tier-up",

  // 3. No allocation-site pretenuring: every object starts in the young generation and reaches the old
  //    one only by surviving. Once a scavenge finds nearly all of an allocation site's recent objects
  //    alive, V8 allocates that site's later objects straight in the old generation. In a refresh this
  //    happens to the google-protobuf code with which the dynamic-provider host decodes each Read and
  //    Diff request (--trace-pretenuring: sites tenured after a scavenge found all of their objects
  //    alive); from then on every request is decoded into the old generation, as garbage that stays
  //    there until a full collection, the first of which V8 makes at about 90 MB of old space. At
  //    N = 2000 a refresh peaked at 236 to 240 MB, 47 KB a resource more than at N = 500; with this
  //    flag 183 to 187 MB, 8 KB a resource (npm run bench -- --only scale --n 500,2000 --rounds 1).
  //    The objects themselves are the host's and short-lived: a heap snapshot in the middle of that
  //    refresh holds 4 requests.
  //    Little of what the plugin keeps lives long (the scans' records, about 1.5 MB at N = 2000), so
  //    allocating it young first costs nothing measurable.
  "--no-allocation-site-pretenuring",
];
