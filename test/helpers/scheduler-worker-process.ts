// Child process for the two-process scheduler test: runs `mark` jobs until none is left and prints
// each payload number it ran, one per line. Argument 3 is the folder of the start barrier.
import { systemClock } from "../../src/lib/clock.ts";
import { silentLogger } from "../../src/lib/logger.ts";
import { createScheduler } from "../../src/scheduler/scheduler.ts";
import { openStore } from "../../src/store/open-store.ts";

const [url, name, barrier] = process.argv.slice(2) as [string, string, string];
const store = openStore(url);
// Both processes start draining together (the test writes the go file once both are ready), so the
// claims interleave instead of one process finishing the queue while the other is still starting.
await Bun.write(`${barrier}/ready-${name}`, "");
while (!(await Bun.file(`${barrier}/go`).exists())) await Bun.sleep(5);
const s = createScheduler({
  db: store.db,
  clock: systemClock,
  log: silentLogger,
  owner: name,
  concurrency: 2,
  kinds: { mark: { run: async (p) => { process.stdout.write(`${(p as { i: number }).i}\n`); await Bun.sleep(1); } } },
});
await s.drain();
store.close();
