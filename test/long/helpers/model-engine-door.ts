// Which door test/long/model-engine.test.ts runs: the dynamic one, unless the file requiring it chose the
// native one first (test/long/model-engine-native.test.ts). Each door's sequences take minutes; as two
// files, jest's two workers run them side by side instead of one worker running both in turn.
let door: "dynamic" | "native" = "dynamic";

/** Called by model-engine-native.test.ts before it requires model-engine.test.ts. */
export function runNativeDoor(): void {
  door = "native";
}

export const modelEngineDoor = (): "dynamic" | "native" => door;
