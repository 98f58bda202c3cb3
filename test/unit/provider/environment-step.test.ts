// The environment step (provider/engine/environment-step.ts): one decision per call on a resource,
// taken before the call, from the record its state holds and the environment its connection reaches.
import type { ApiContext } from "../../../provider/engine/binding";
import { environmentOutputs } from "../../../provider/engine/environment-record";
import { environmentCheck } from "../../../provider/engine/environment-step";
import { DiagnosticError } from "../../../provider/diagnostic";

const ID = "rol_aB3aB3aB3aB3aB3aB3aB";
const HOME = "rol_home";

/** A connection reaching `reaches` (a rejection: the service cannot say) with settings `settings`, counting its questions. */
function connection(settings: string, reaches: string | Error) {
  const asked = { count: 0, contexts: 0 };
  const ctx = {
    settingsFingerprint: settings,
    environment: () => {
      asked.count++;
      return reaches instanceof Error ? Promise.reject(reaches) : Promise.resolve(reaches);
    },
  } as unknown as ApiContext;
  const api = () => {
    asked.contexts++;
    return ctx;
  };
  return { asked, step: environmentCheck("tcs:Role", api, true), passing: environmentCheck("tcs:Role", api, false) };
}

const state = (settings: string, environment?: string) => ({
  name: "x",
  ...environmentOutputs({ settings, environment }),
});

it("passes on the native door: nothing compared, asked or recorded", async () => {
  const { asked, passing } = connection("now", "elsewhere");
  const step = await passing(undefined, { id: ID, state: state("before", HOME) });
  expect(step.ifNotFound).toBeUndefined();
  expect(await step.recorded({ name: "x" })).toEqual({ name: "x" });
  expect(asked).toEqual({ count: 0, contexts: 0 });
});

it("records what the service says after a create, and nothing before it", async () => {
  const { asked, step } = connection("now", HOME);
  const created = await step(undefined);
  expect(asked).toEqual({ count: 0, contexts: 0 });
  expect(await created.recorded({ name: "x" })).toEqual(state("now", HOME));
  expect(created.ifNotFound).toBeUndefined();
});

it("keeps the record while the settings are the same, asking nothing", async () => {
  const { asked, step } = connection("now", "elsewhere");
  const read = await step(undefined, { id: ID, state: state("now", HOME) });
  expect(await read.recorded({ name: "x" })).toEqual(state("now", HOME));
  expect(read.ifNotFound).toBeUndefined();
  expect(asked.count).toBe(0);
});

it("takes settings that changed but reach the same environment, recording them, with one question", async () => {
  const { asked, step } = connection("rotated", HOME);
  const read = await step(undefined, { id: ID, state: state("before", HOME) });
  expect(await read.recorded({ name: "x" })).toEqual(state("rotated", HOME));
  expect(asked.count).toBe(1);
});

it("refuses an object of another environment before the call, naming the connection", async () => {
  const { step } = connection("moved", "rol_other");
  const refused = step("staging", { id: ID, state: state("before", HOME) });
  await expect(refused).rejects.toBeInstanceOf(DiagnosticError);
  await expect(refused).rejects.toThrow(
    `tcs:Role ${ID}: lives in another environment than tcs:connections.staging now reach.`,
  );
});

it("refuses when the service cannot say where changed settings lead, with its reason", async () => {
  const { step } = connection("moved", new Error("503 Service Unavailable"));
  await expect(step(undefined, { id: ID, state: state("before", HOME) })).rejects.toThrow(
    /changed, and the service could not say which environment they reach: .503 Service Unavailable./,
  );
});

it("with the environment never said: a 404 proves nothing once the settings changed, and the service is asked after the call", async () => {
  const changed = connection("moved", HOME);
  const read = await changed.step(undefined, { id: ID, state: state("before") });
  expect(read.ifNotFound?.summary).toMatch(
    /^was not found with tcs:apiKey and tcs:baseUrl, which changed since it was made/,
  );
  expect(changed.asked.count).toBe(0);
  expect(await read.recorded({ name: "x" })).toEqual(state("moved", HOME));

  const same = connection("now", new Error("unavailable"));
  const again = await same.step(undefined, { id: ID, state: state("now") });
  expect(again.ifNotFound).toBeUndefined();
  expect(await again.recorded({ name: "x" })).toEqual(state("now"));
});

it("a resource recorded before the record existed: a 404 proves it gone, and what the service says is recorded", async () => {
  const { step } = connection("now", HOME);
  const read = await step(undefined, { id: ID, state: { name: "x" } });
  expect(read.ifNotFound).toBeUndefined();
  expect(await read.recorded({ name: "x" })).toEqual(state("now", HOME));
});
