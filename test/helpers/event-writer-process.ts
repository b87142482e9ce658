// Child process for the two-process events test: records one event on the shared database through
// the recorder, then prints "recorded <event id>" once it has committed.
import { EventRecorder } from "../../src/events/recorder.ts";
import { openStore } from "../../src/store/open-store.ts";

const [url, accountId, planId] = process.argv.slice(2) as [string, string, string];
const store = openStore(url);
const recorder = new EventRecorder();
const event = await store.db.transaction((tx) => recorder.record(tx, Date.now(), { accountId, type: "lesson_plan.failed", data: { plan_id: planId } }));
process.stdout.write(`recorded ${event.id}\n`);
store.close();
