// The V8 settings of the engine's provider plugin process, applied when the shim first loads the
// implementation (impl.ts imports this module before anything else). The engine starts the plugin
// as `node <script>`, so nothing can be given on its command line; the flags below are read by V8
// when it needs them, not only at start, so setting them from here takes effect. They are set in
// this process only: the SDK runs in other people's processes, the lookups in the program's. The
// process also serves any other dynamic provider of the program; the flags change how V8 sizes its
// young generation and compiles WebAssembly, never what any code computes.
// What they save, measured: docs/performance.md, "Plugin memory".
import { setFlagsFromString } from "node:v8";

// 1. The young generation stays at the size it has when the plugin's modules load (two semi-spaces
//    of 16 MB, after @pulumi/pulumi), as in a plugin that sends nothing. V8 doubles it once the bytes
//    that survived its scavenges since it last grew exceed a semi-space: loading zod, the shapes and
//    the SDK (about 9 MB kept, counted twice: copied once, promoted once) is enough, and the doubling
//    added up to 32 MB to every operation's peak. What the larger space buys, fewer scavenges, does
//    not show in a process whose live data is a few MB: the bench's time ratios did not move beyond
//    their run-to-run noise.
setFlagsFromString("--semi-space-growth-factor=1");

// 2. WebAssembly stays on V8's baseline compiler (Liftoff). undici parses HTTP/1 with llhttp compiled
//    to WebAssembly, and V8 recompiles the functions that run most with TurboFan; llhttp's parser is
//    one function of 33 KB, whose recompilation takes 23 MB of compiler memory on a worker thread
//    (`--trace-wasm-compilation-times`), which glibc keeps in that thread's arena: 20 to 25 MB more
//    peak after a few hundred requests, to parse a few KB of headers per response a little faster.
//    Dynamic tiering off (compile each function once) and tier-up off (never recompile) together
//    leave every function on Liftoff; a high tiering budget alone did not stop llhttp's recompilation.
setFlagsFromString("--no-wasm-dynamic-tiering");
setFlagsFromString("--no-wasm-tier-up");
