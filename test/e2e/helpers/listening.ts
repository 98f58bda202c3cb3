// The URL an emulator started as a command (`tcs-emulator`, `npm run emulator`) prints once it serves.
import type { ChildProcessWithoutNullStreams } from "node:child_process";

export function listeningUrl(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`the emulator exited with ${code}: ${seen}`)));
  });
}
