import {
  environmentOutputs,
  environmentUnprovable,
  recordedEnvironment,
  settingsFingerprint,
} from "../../../provider/engine/environment-record";
import { ENVIRONMENT_PROPERTY } from "../../../provider/shapes/reserved";

describe("a dynamic resource's environment record", () => {
  const settings = settingsFingerprint("sk_live_abc", "https://tcs.example.com");

  it("is one output, and reads back as written, with the environment and without", () => {
    const known = { environment: "rol_B16c3PniiXfEwPvRm0GA", settings };
    expect(Object.keys(environmentOutputs(known))).toEqual([ENVIRONMENT_PROPERTY]);
    expect(recordedEnvironment(environmentOutputs(known))).toEqual(known);
    expect(recordedEnvironment(environmentOutputs({ settings }))).toEqual({ settings });
  });

  it("tells settings apart and reveals neither key nor URL", () => {
    const record = environmentOutputs({ settings })[ENVIRONMENT_PROPERTY] as string;
    expect(record).toMatch(/^[\w-]{22}$/);
    expect(record).not.toContain("abc");
    expect(settingsFingerprint("sk_live_abd", "https://tcs.example.com")).not.toBe(settings);
    expect(settingsFingerprint("sk_live_abc", "https://tcs.example.org")).not.toBe(settings);
  });

  it("is none for a resource recorded before it existed, and a 404 proves nothing only when settings changed with no environment recorded", () => {
    expect(recordedEnvironment({ name: "x" })).toBeUndefined();
    expect(environmentUnprovable(undefined, settings)).toBe(false);
    expect(environmentUnprovable({ settings }, settings)).toBe(false);
    expect(environmentUnprovable({ settings: "other" }, settings)).toBe(true);
    expect(environmentUnprovable({ settings: "other", environment: "rol_1" }, settings)).toBe(false);
  });
});
