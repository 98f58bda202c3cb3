// undici parses HTTP/1 responses with llhttp compiled to WebAssembly. V8 compiles WebAssembly first
// with its baseline compiler (Liftoff) and later recompiles the functions that run most with TurboFan.
// llhttp's parser is one very large function: recompiling it raised the plugin's peak memory by 20 to
// 30 MB and, on a 2-core machine, made 200 list pages slower, not faster (300 against 210 ms:
// docs/performance.md, "Plugin memory"). Parsing a few KB of JSON headers per response gains nothing
// from the faster code, so the plugin keeps WebAssembly on the baseline compiler.
//
// The engine starts the plugin as `node <script>`, so the flag cannot be given on its command line;
// V8 reads this one when it instantiates a module, so setting it before undici's first connection
// (which compiles llhttp) is enough. Only the plugin's process sets it: not the SDK, which runs in
// other people's processes, nor the program's process (lookups).
import { setFlagsFromString } from "node:v8";

/** A budget no function spends: V8 then never moves a WebAssembly function to TurboFan. */
const NEVER = 2_000_000_000;
let kept = false;

/** Keeps WebAssembly compiled from now on in this process on V8's baseline compiler; once is enough. */
export function keepWebAssemblyOnBaselineCompiler(): void {
  if (kept) return;
  kept = true;
  setFlagsFromString(`--wasm-tiering-budget=${NEVER}`);
}
