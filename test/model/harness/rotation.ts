// A connection's key rotated within its environment (issue 45): the stack's config (or explicit
// provider) now holds the environment's second secret key (the emulator's `secondSecret`), or the first
// again. The environment is the same, so the next up must replace nothing and write nothing, and every
// run after it works with the new key (the create marker, keyed by the API key, changes with it).
import { InvariantViolation } from "./invariants";
import { always, upAndCheck, type Command, type Model, type Real } from "./real";
import { worldEventCounts } from "./world-events";
import { keyOfConnection, type Connection } from "./world";

function fail(message: string): never {
  throw new InvariantViolation(message);
}

/** The API key each connection of the stack uses now. */
export function apiKeysOf(real: Real): { default: string; prod: string } {
  return {
    default: real.world.apiKeyOf(undefined, real.keys.default),
    prod: real.world.apiKeyOf("prod", real.keys.prod),
  };
}

export class RotateKey implements Command {
  constructor(readonly connection: Connection) {}
  check = always;
  async run(_m: Model, real: Real) {
    await upAndCheck(real, false);
    const key = keyOfConnection(this.connection);
    real.keys[key] = real.keys[key] === "secret" ? "secondSecret" : "secret";
    real.sim.useApiKeys?.(apiKeysOf(real));
    const before = new Map([...real.sim.state].map(([name, entry]) => [name, entry.id]));
    await real.world.resetRequestCounts();
    await upAndCheck(real, false);
    const written = await real.world.writesCounted();
    if (Object.keys(written).length > 0)
      fail(`the up after a key rotated within its environment wrote: ${JSON.stringify(written)}`);
    for (const [name, entry] of real.sim.state) {
      if (before.get(name) !== entry.id)
        fail(`the up after a key rotated within its environment replaced ${name} (${before.get(name)} -> ${entry.id})`);
    }
    worldEventCounts.keysRotated++;
  }
  toString = () =>
    `rotate the key of the ${this.connection ?? "default"} connection within its environment, then up (must change nothing)`;
}
