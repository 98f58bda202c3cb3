// A connection's key moved to another environment (issue 51): the stack config now holds the other
// environment's key where this one's was, on the default connection or a named one. The simulation
// drives the dynamic door, where each resource records the environment it lives in
// (provider/engine/environment-record.ts): every run of the program, `up --refresh` included, must refuse a
// resource of that connection, naming it, before anything is read, written or dropped. State keeps
// every id and every object stays live; with the key set back, the stack converges with no write.
import { recordedEnvironment } from "../../../provider/engine/environment-record";
import { InvariantViolation, stillLive } from "./invariants";
import { declarations } from "./program";
import { always, upAndCheck, type Command, type Model, type Real } from "./real";
import { StepError } from "./sim-engine";
import { worldEventCounts } from "./world-events";
import { connectionOf, keyOfConnection, type Connection } from "./world";

function fail(message: string): never {
  throw new InvariantViolation(message);
}

// A resource whose environment was recorded is refused as moved; one whose environment the service
// never said (it was unavailable at each write) records the settings alone, and a read with other
// settings that does not find it refuses it rather than drop it.
const REFUSED =
  /lives in another environment than (tcs:apiKey and tcs:baseUrl|tcs:connections\.prod) now reach|was not found with (tcs:apiKey and tcs:baseUrl|tcs:connections\.prod), which changed since it was made/;

export class KeyMovedToOtherEnvironment implements Command {
  constructor(readonly connection: Connection) {}
  check = always;
  async run(_m: Model, real: Real) {
    await upAndCheck(real, false);
    const key = keyOfConnection(this.connection);
    const moved = [...real.sim.state.values()].filter((entry) => keyOfConnection(connectionOf(entry.outputs)) === key);
    // A resource whose every write and refresh met a service that did not say which environment it
    // reaches records the settings alone (the simulation's client retries nothing), and cannot be told
    // moved before it is read; one recorded resource of the connection refuses the run.
    if (!moved.some((entry) => recordedEnvironment(entry.outputs)?.environment !== undefined)) return;
    const before = new Map([...real.sim.state].map(([name, entry]) => [name, entry.id]));
    const home = real.world.reach[key];
    real.world.reach[key] = home === "development" ? "production" : "development";
    try {
      await real.world.resetRequestCounts();
      for (const [what, run] of [
        ["up", () => real.sim.up(declarations(real.program))],
        ["up --refresh", () => real.sim.up(declarations(real.program), { refresh: true })],
      ] as const) {
        const refused = await run().then(
          () => undefined,
          (error: unknown) => error,
        );
        if (!(refused instanceof StepError) || !REFUSED.test(refused.message)) {
          fail(
            `${what} with the ${key} connection's key moved to another environment was not refused as a move: ${String(refused)}`,
          );
        }
        if (refused.message.length > 300 + refused.resource.length + 20)
          fail(`the refusal runs to ${refused.message.length} characters: ${refused.message}`);
      }
      const written = await real.world.writesCounted();
      if (Object.keys(written).length > 0)
        fail(`runs refused for a key moved to another environment wrote: ${JSON.stringify(written)}`);
    } finally {
      real.world.reach[key] = home;
    }
    for (const [name, id] of before)
      if (real.sim.state.get(name)?.id !== id) fail(`a refused run dropped or replaced ${name} (${id})`);
    for (const entry of moved)
      if (!(await stillLive(real.world, entry)))
        fail(`${entry.name} (${entry.id}) is gone after runs refused for a moved key`);
    await real.world.resetRequestCounts();
    await upAndCheck(real, false);
    const written = await real.world.writesCounted();
    if (Object.keys(written).length > 0) fail(`the up with the key set back wrote: ${JSON.stringify(written)}`);
    worldEventCounts.keysMovedRefused++;
  }
  toString = () =>
    `move the ${this.connection ?? "default"} connection's key to the other environment (every run refused), then set it back`;
}
