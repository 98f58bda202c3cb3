// The provider's warnings, as the user would read them: the simulation runs the provider in this
// process, where a warning goes to stderr (provider/engine/warn.ts). The model takes them instead, so
// a command can assert what a run said (an object left as it is, an adoption of another stack's
// object) and the run's output stays readable. The real engine's deployers keep their own output.
import { sendWarningsTo } from "../../../provider/engine/warn";

const said: string[] = [];
let capturing = false;

/** From now on every warning of the provider in this process is kept here (for this test file's module registry). */
export function captureWarnings(): void {
  capturing = true;
  sendWarningsTo(({ message }) => said.push(message));
}

/** Whether warnings are kept (captureWarnings): a command that asserts one needs them. */
export function warningsCaptured(): boolean {
  return capturing;
}

/** Forgets what was said (between sequences, which read only their own). */
export function clearWarnings(): void {
  said.length = 0;
}

/** How many warnings were said so far: a mark to read the later ones from (warningsSince). */
export function warningMark(): number {
  return said.length;
}

/** The warnings said since a mark. */
export function warningsSince(mark: number): string[] {
  return said.slice(mark);
}
