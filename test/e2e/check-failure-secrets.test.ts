// A check failure on a secret input, on the real engine: the engine prints the value of a failure's
// property beside its reason, secret or not ("property value value {&{{map[...]}}} has a problem"),
// so the provider reports such a failure for the resource, naming the property without its value
// (issue 33, item 7). The program declares `value` as a plain object, as the README shows.
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { FIX } from "./helpers/programs";
import { api, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { outputCollector } from "./helpers/workspace";

const SECRET_BASE_URL = "https://secret-settings-do-not-print.example";

describe("a check failure on a secret input", () => {
  let emulator: RunningEmulator;
  let env: TcsStack;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    env = tcsStack("secret-check", emulator);
  });
  afterAll(async () => {
    env.scratch.remove();
    await emulator.close();
  });

  it("names the property and never prints its value", async () => {
    const existing = await api(emulator, "POST", "/provider-configs", {
      provider_id: FIX.githubProvider,
      name: "made by hand",
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
    });
    // Adopting a config while declaring its settings is refused at check, on `value` itself.
    const stack = await env.open(async () => {
      new tcs.ProviderConfig("adopted", {
        providerId: FIX.githubProvider,
        adoptId: existing.id,
        value: { base_url: SECRET_BASE_URL, timeout_seconds: 30 },
      });
    });
    const output = outputCollector();
    const failure: unknown = await stack.preview({ onOutput: output.onOutput, diff: true }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    // What the engine printed, and what the Automation API's error carries (the CLI's stderr).
    const text = `${output.text()}\n${String(failure)}`;
    expect(text).not.toContain("secret-settings-do-not-print");
    expect(text).not.toContain("timeout_seconds");
    expect(text).toContain("value (secret, not shown) cannot be checked against");
  });
});
