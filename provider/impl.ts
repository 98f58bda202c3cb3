// `require("pulumi-tcs/provider/impl")`: the entry the serialized shim loads inside the engine's
// provider plugin (dynamic/shim.ts). Every state written by this provider holds that string, so this
// path and what it exports (configureShim, and engineFor, which the shim of earlier builds calls)
// must keep working for ever. The implementation lives in plugin/.
// First, before the plugin's modules load: the V8 settings of the plugin's process.
import "./engine/process/v8-settings";
// Then the cache of compiled modules, for every module loaded after it.
import "./engine/process/compile-cache";
export { configure, configureShim, engineFor } from "./dynamic/serve";
