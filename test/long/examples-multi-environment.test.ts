// examples/multi-environment on the real engine: the same program as a development and a production
// stack, each with its own config file and key, production under the policy pack with its config.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { loadProgram, REPO_ROOT } from "../lib/engine";
import { openCheckedStack } from "../e2e/helpers/post-apply-plan";
import { api, requests, startTestEmulator } from "../e2e/helpers/tcs-stack";
import { makeScratch, outputCollector } from "../e2e/helpers/workspace";

const EXAMPLE = path.join(REPO_ROOT, "examples", "multi-environment");
const POLICY_PACK = path.join(REPO_ROOT, "policy");

describe("examples/multi-environment", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("applies the development and the production stack, each to its own environment", async () => {
    // A copy: the runner writes stack config into the project directory.
    const scratch = makeScratch("multi-env");
    try {
      for (const file of [
        "Pulumi.yaml",
        "index.ts",
        "Pulumi.development.yaml",
        "Pulumi.production.yaml",
        "policy-production.json",
      ]) {
        fs.copyFileSync(path.join(EXAMPLE, file), path.join(scratch.dir, file));
      }
      const program = loadProgram(path.join(EXAMPLE, "index.ts"));
      const outputs: Record<string, Record<string, unknown>> = {};
      for (const environment of ["development", "production"] as const) {
        const stack = await openCheckedStack({
          program,
          workDir: scratch.dir,
          stackName: environment,
          backendDir: scratch.backendDir,
          config: {
            "tcs:apiKey": { value: emulator.keys[environment].secret, secret: true },
            "tcs:baseUrl": { value: emulator.url },
          },
        });
        const policy =
          environment === "production"
            ? { policyPacks: [POLICY_PACK], policyPackConfigs: [path.join(scratch.dir, "policy-production.json")] }
            : {};
        // The plan after the up (post-apply-plan.ts) runs under the same policy pack.
        const up = await stack.up(policy);
        expect(up.summary.result).toBe("succeeded");
        outputs[environment] = Object.fromEntries(Object.entries(up.outputs).map(([key, out]) => [key, out.value]));
        if (environment === "production") {
          // What the README promises: a change that breaks a mandatory rule (the allowlist dropped, so
          // agents may call every tool) fails the production preview, before any change is sent.
          await stack.removeConfig("agents:allowedTools");
          await requests.reset(emulator);
          const output = outputCollector();
          await expect(stack.preview({ ...policy, onOutput: output.onOutput })).rejects.toThrow();
          expect(output.text()).toMatch(/\[mandatory\].*tcs-production-tool-allowlist/);
          // Nothing written: the one request is the read that checks the key before a run that plans a change.
          expect((await requests.read(emulator)).by_route).toEqual({ "GET /roles": 1 });
        }
      }

      // Each stack's objects live in its own environment, configured as its stack file says.
      const devConfig = await api(
        emulator,
        "GET",
        `/provider-configs/${outputs.development.providerConfigId}`,
        undefined,
        "development",
      );
      expect(devConfig.tool_filter).toMatchObject({ type: "allow_all" });
      const prodConfig = await api(
        emulator,
        "GET",
        `/provider-configs/${outputs.production.providerConfigId}`,
        undefined,
        "production",
      );
      expect(prodConfig.tool_filter).toMatchObject({
        type: "tool_keys",
        keys: ["issues.list", "issues.create", "pulls.list"],
      });
      await expect(
        api(emulator, "GET", `/provider-configs/${outputs.production.providerConfigId}`, undefined, "development"),
      ).rejects.toThrow(/404/);
      const prodSession = await api(
        emulator,
        "GET",
        `/integration-setup-sessions/${outputs.production.setupSessionId}`,
        undefined,
        "production",
      );
      expect(new URL(prodSession.redirect_url).host).toBe("app.example.com");
    } finally {
      scratch.remove();
    }
  });
});
