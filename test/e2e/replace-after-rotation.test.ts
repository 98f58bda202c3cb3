// `pulumi up --replace` of a callback made before the stack's API key was rotated within its
// environment (found by the model, issue 45): the create marker is keyed by the API key, so the
// replacement does not recognise the callback it replaces, and collides with it (one active callback
// per integration provider). The refusal names the way through for a targeted replace, the
// deleteBeforeReplace option, and following it replaces the callback: the old one goes first, and
// nothing is left behind.
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { expectNoPlannedChanges } from "./helpers/post-apply-plan";
import { FIX } from "./helpers/programs";
import { api, startTestEmulator, tcsStack } from "./helpers/tcs-stack";
import { attempt } from "./helpers/workspace";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator?.close();
});

function program(deleteBeforeReplace: boolean) {
  return async () => {
    const callback = new tcs.Callback(
      "issues",
      { integrationProviderId: FIX.githubIntegrationProvider, name: "Issues" },
      { deleteBeforeReplace },
    );
    return { id: callback.id, urn: callback.urn };
  };
}

test("up --replace of a callback made before a key rotation is refused naming deleteBeforeReplace, which then replaces it", async () => {
  const env = tcsStack("replace-after-rotation", emulator);
  try {
    const stack = await env.open(program(false));
    const made = await stack.up();
    const [id, urn] = [made.outputs.id.value as string, made.outputs.urn.value as string];

    // The key rotated within the environment: nothing to change.
    await stack.setConfig("tcs:apiKey", { value: emulator.keys.production.secondSecret, secret: true });
    await expectNoPlannedChanges(stack, { what: "with the rotated key" });

    const refused = await attempt((onOutput) => stack.up({ replace: [urn], onOutput }));
    expect(refused).toContain(`${id} already holds integrationProviderId "${FIX.githubIntegrationProvider}"`);
    expect(refused).toContain("up --replace: set deleteBeforeReplace");
    expect((await api(emulator, "GET", `/callbacks/${id}`)).status).toBe("active");

    // The plan after the replacement (post-apply-plan.ts) reads every object first.
    const replaced = await stack.up({ replace: [urn], program: program(true), planAfter: { refresh: true } });
    expect(replaced.outputs.id.value).not.toBe(id);
    expect((await api(emulator, "GET", `/callbacks/${id}`)).status).toBe("deleted");
    await stack.destroy();
  } finally {
    env.scratch.remove();
  }
});
