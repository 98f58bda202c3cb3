// Benchmark driver (`npm run bench`): the SDK's overhead, the emulator's throughput, and the provider
// at scale on the real engine. One JSON line per figure on stdout, progress on stderr, and a last line
// {"bench":"targets","passed":...,"failures":[...]}; the exit code is 1 when a target is missed.
//   npm run bench -- --only scale --n 10,100 --rounds 1     (parts, while developing)
//   npm run bench -- --only scale --doors dynamic           (the scale part through one door: dynamic, native; default both)
//   npm run bench -- --only scale --n 500,2000 --rounds 1   (the plugin's memory growth, judged under 10 KB a resource)
//   npm run bench -- --only plugin-ready                    (plugin_ready_ms: the script plugin and the executable)
//   npm run bench -- --only one-resource                    (a YAML role's no-change preview on the executable against no provider)
// Without --rounds, N = 500 (where times are judged) runs 5 rounds and the other sizes one.
import { parseArgs } from "node:util";
import { benchClientMemory } from "./bench/parts/client-memory";
import { benchEmulator, checkEmulatorFigures } from "./bench/parts/emulator";
import { benchScale } from "./bench/parts/scale";
import { DOORS, checkScaleTargets, type Door } from "./bench/statistics/scale-figures";
import { benchPluginReady, checkPluginReady } from "./bench/parts/plugin-ready";
import { benchOneResource, checkOneResource } from "./bench/parts/one-resource";
import { benchSdk } from "./bench/parts/sdk";

const PARTS = ["sdk", "emulator", "client-memory", "plugin-ready", "one-resource", "scale"] as const;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { only: { type: "string" }, n: { type: "string" }, rounds: { type: "string" }, doors: { type: "string" } },
  });
  const parts = values.only ? values.only.split(",") : [...PARTS];
  const unknown = parts.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0)
    throw new Error(`--only: unknown part ${unknown.join(", ")} (choose from ${PARTS.join(", ")})`);
  const sizes = (values.n ?? "10,100,500").split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 10))
    throw new Error(`--n: sizes must be whole numbers of at least 10 (got ${values.n})`);
  const doors = values.doors ? values.doors.split(",") : [...DOORS];
  const unknownDoors = doors.filter((door) => !(DOORS as readonly string[]).includes(door));
  if (doors.length === 0 || unknownDoors.length > 0)
    throw new Error(`--doors: unknown door ${unknownDoors.join(", ")} (choose from ${DOORS.join(", ")})`);

  const print = (figure: unknown) => console.log(JSON.stringify(figure));
  const failures: string[] = [];
  if (parts.includes("sdk")) print(await benchSdk());
  if (parts.includes("emulator")) {
    const figures = await benchEmulator();
    figures.forEach(print);
    failures.push(...checkEmulatorFigures(figures));
  }
  if (parts.includes("client-memory")) (await benchClientMemory()).forEach(print);
  if (parts.includes("plugin-ready")) {
    const figures = await benchPluginReady();
    figures.forEach(print);
    failures.push(...checkPluginReady(figures));
  }
  if (parts.includes("one-resource")) {
    const figure = await benchOneResource();
    print(figure);
    failures.push(...checkOneResource(figure));
  }
  if (parts.includes("scale")) {
    // Without --rounds, N = 500 runs 5 rounds and every other size one (roundsAt).
    const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
    if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1))
      throw new Error(`--rounds: a whole number of at least 1 (got ${values.rounds})`);
    const figures = await benchScale(sizes, rounds, undefined, doors as Door[]);
    figures.forEach(print);
    failures.push(...checkScaleTargets(figures, sizes, doors as Door[]));
  }
  print({ bench: "targets", passed: failures.length === 0, failures });
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
