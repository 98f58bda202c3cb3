// Benchmark driver (`npm run bench`): runs each benchmark in turn and prints one JSON line per figure.

import { benchSdk } from "./bench/sdk";

async function main(): Promise<void> {
  console.log(JSON.stringify(await benchSdk()));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
