// Applies the native plugin's own V8 flags (v8-flags.ts, which says why).
import { applyV8Flags } from "../engine/process/v8-flags";
import { NATIVE_V8_FLAGS } from "./v8-flags";

applyV8Flags(NATIVE_V8_FLAGS);
