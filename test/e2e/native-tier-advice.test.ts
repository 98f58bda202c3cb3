// The advice when a provider's rate-limit tier paces a production key far below what the service
// allows it, on the native door with the real engine: an explicit provider is told to set its own
// rateLimitTier input (setting tcs:rateLimitTier, which it does not read, changed nothing), the
// default provider its config key.
import * as pulumi from "@pulumi/pulumi";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";
import { nativePlugins, NativeProvider, NativeResource } from "./helpers/native-resources";
import { openCheckedStack } from "./helpers/post-apply-plan";

let emulator: RunningEmulator;
let scratch: Scratch;

beforeAll(async () => {
  emulator = await startTestEmulator();
  scratch = makeScratch("native-tier-advice");
});

afterAll(async () => {
  scratch?.remove();
  await emulator?.close();
});

it("names the explicit provider's rateLimitTier input, and the default provider's tcs:rateLimitTier", async () => {
  const stack = await openCheckedStack({
    program: async () => {
      const prod = new NativeProvider("prod", {
        apiKey: pulumi.secret(emulator.keys.production.secret),
        baseUrl: emulator.url,
      });
      new NativeResource(
        "Role",
        "explicit",
        { name: "Explicit", slug: "tier-advice-explicit", permissions: ["thread_read"] },
        { provider: prod },
      );
      new NativeResource("Role", "default", {
        name: "Default",
        slug: "tier-advice-default",
        permissions: ["thread_read"],
      });
    },
    workDir: scratch.dir,
    stackName: "tier-advice",
    backendDir: scratch.backendDir,
    plugins: nativePlugins,
    config: {
      "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
      "tcs:baseUrl": { value: emulator.url },
    },
  });
  const printed = outputCollector();
  await stack.up({ onOutput: printed.onOutput });
  const text = printed.text();
  expect(text).toContain(
    "but the rateLimitTier input of tcs provider prod (not set: development) paces this run to 100 per 600 s. " +
      "For a production key set it to `production`. See docs/guide.md#configuration",
  );
  expect(text).toContain(
    "but tcs:rateLimitTier (not set: development) paces this run to 100 per 600 s. For a production key run `pulumi config set tcs:rateLimitTier production`",
  );
  expect(text).not.toContain(emulator.keys.production.secret);
  await stack.destroy();
});
