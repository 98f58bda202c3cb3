// The script plugin's first module after its Node check (start.ts): the engine's start serves the
// provider, anything else runs one of the project's commands (launch.ts).
import { launch } from "./launch";

launch(process.argv.slice(2));
