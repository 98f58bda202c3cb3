// The repair docs/troubleshooting.md gives for a kill that tore the file backend's metadata sidecar,
// checked against the real engine: an empty `<stack>.json.attrs` makes every command fail to load the
// checkpoint, and removing it (removeTornSidecars, which the kill test in scale-chaos uses) brings the
// stack back with its state whole.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { openCheckedStack } from "../e2e/helpers/post-apply-plan";
import { removeTornSidecars } from "../e2e/helpers/kill-engine";
import { makeScratch } from "../e2e/helpers/workspace";

describe("a torn metadata sidecar in the file backend", () => {
  it("fails every command until the empty sidecar is removed, and loses no state", async () => {
    const scratch = makeScratch("torn-sidecar");
    try {
      const stack = await openCheckedStack({
        program: async () => ({ marker: pulumi.output("kept") }),
        workDir: scratch.dir,
        stackName: "torn",
        projectName: "torn",
        backendDir: scratch.backendDir,
      });
      await stack.up();
      // Where the file backend keeps a stack's state (`.pulumi/stacks/<project>/<stack>.json`), and its sidecar.
      const sidecar = path.join(scratch.backendDir, ".pulumi", "stacks", "torn", "torn.json.attrs");
      expect(fs.statSync(sidecar).size).toBeGreaterThan(0);
      expect(removeTornSidecars(scratch.backendDir)).toEqual([]); // a whole sidecar is left alone

      // As a SIGKILL between the backend truncating the sidecar and writing it leaves it.
      fs.truncateSync(sidecar, 0);
      await expect(stack.refresh()).rejects.toThrow(/failed to load checkpoint: EOF/);

      expect(removeTornSidecars(scratch.backendDir)).toEqual([sidecar]);
      await stack.refresh();
      expect((await stack.outputs()).marker.value).toBe("kept");
    } finally {
      scratch.remove();
    }
  });
});
