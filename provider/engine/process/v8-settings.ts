// Applies the plugin process's V8 flags (v8-flags.ts, which says why each) as this module loads.
import { applyV8Flags, PLUGIN_V8_FLAGS } from "./v8-flags";

applyV8Flags(PLUGIN_V8_FLAGS);
