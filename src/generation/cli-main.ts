// Entry for running the engine preview without the rest of Parla:
// `bun src/generation/cli-main.ts engine <command> …` (src/main.ts dispatches `parla engine …`
// to the same runEngineCommand).
import { runEngineCommand } from "./cli.ts";

const [first, ...rest] = process.argv.slice(2);
if (first !== "engine") {
  console.error("usage: bun src/generation/cli-main.ts engine <command> [flags]   (try: engine --help)");
  process.exit(2);
}
process.exit(await runEngineCommand(rest));
