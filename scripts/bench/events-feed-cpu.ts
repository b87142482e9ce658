// CPU per feed page, in process: `app.handle` of GET /v1/events (100 events, authenticated, read
// from the store) timed with process.cpuUsage, next to the same body answered from memory and the
// same doorway answering a tiny body (so the page's own share shows). Steadier than wrk on a shared
// machine; the full bar is scripts/bench/events.ts.
//   bun scripts/bench/events-feed-cpu.ts [--requests 10000] [--in-flight 32] [--types lesson_plan.ready] [--about-users 20] [--feed-only]
// (--about-users N: the events are about N users, each with its own subject, instead of the account.)
// (--feed-only: just the GET /v1/events loop, for `bun --cpu-prof-md`.)
import { t } from "elysia";
import { FeedPageSchema, FeedQuery } from "../../src/events/model.ts";
import { benchApp, cpuPerCall as cpuPerCallOf, cpuPerRequest as cpuPerRequestOf } from "./in-process-app.ts";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const REQUESTS = Number(option("requests") ?? 10_000);
const ABOUT_USERS = Number(option("about-users") ?? 0);
const query = `start=oldest&limit=100${option("types") ? `&types=${option("types")}` : ""}`;

// The feed's route as declared (doorway, query model, response model), answering a body from memory.
let remembered = "{}";
const declared = { scope: "events:read", operation: "events.feed", version: "header", summary: "probe", tags: ["bench"], hidden: true } as const;
const { app, deps, accountId, headers, dir, cleanup } = await benchApp("feed-cpu", (deps) =>
  deps.v1
    .plugin("bench")
    .get("/v1/bench/doorway", { ...declared, response: { 200: t.Object({ ok: t.Boolean() }) } }, () => ({ ok: true }))
    .get(
      "/v1/bench/feed-shaped",
      { ...declared, query: FeedQuery, response: { 200: FeedPageSchema } },
      () => new Response(remembered, { headers: { "content-type": "application/json;charset=utf-8" } }),
    ).elysia,
);
for (let i = 0; i < 150; i++) {
  await deps.store.db.transaction((tx) =>
    deps.events.record(tx, Date.now(), {
      accountId,
      type: "lesson_plan.ready",
      data: { plan_id: `parla_lp_bench${i}`, status: "complete" },
      aboutUserId: ABOUT_USERS > 0 ? `parla_usr_bench${i % ABOUT_USERS}` : null,
    }),
  );
}

const IN_FLIGHT = Number(option("in-flight") ?? 1);
const cpuPerCall = (run: () => Promise<unknown>) => cpuPerCallOf(run, REQUESTS, IN_FLIGHT);
async function cpuPerRequest(make: () => Request, via: (r: Request) => Promise<Response> | Response): Promise<{ us: number; body: string }> {
  const { us, body } = await cpuPerRequestOf(make, via, REQUESTS, IN_FLIGHT);
  return { us, body: new TextDecoder().decode(body) };
}

const feedUrl = `http://localhost/v1/events?${query}`;
const page = await cpuPerRequest(
  () => new Request(feedUrl, { headers }),
  (r) => app.handle(r),
);
const items = (JSON.parse(page.body) as { items: unknown[] }).items.length;
if (args.includes("--feed-only")) {
  console.log(`GET /v1/events (${items} events): ${page.us.toFixed(1)} µs CPU per request`);
  process.exit(0);
}
const fromMemory = await cpuPerRequest(
  () => new Request(feedUrl, { headers }),
  () => new Response(page.body, { headers: { "content-type": "application/json" } }),
);
const doorway = await cpuPerRequest(
  () => new Request("http://localhost/v1/bench/doorway", { headers }),
  (r) => app.handle(r),
);
remembered = page.body;
const feedShaped = await cpuPerRequest(
  () => new Request(`http://localhost/v1/bench/feed-shaped?${query}`, { headers }),
  (r) => app.handle(r),
);

console.log(`feed page (${items} events, ${page.body.length} bytes), ${REQUESTS} requests in process, µs CPU per request:`);
console.log(`  body from memory        ${fromMemory.us.toFixed(1)}`);
console.log(`  doorway, tiny answer    ${doorway.us.toFixed(1)}`);
console.log(`  the feed's route, answering the page from memory ${feedShaped.us.toFixed(1)}   (doorway, query and response models; no store)`);
console.log(`  GET /v1/events          ${page.us.toFixed(1)}   (≈ ${(page.us - feedShaped.us).toFixed(1)} more than answering from memory)`);
if (process.env.KEEP) {
  console.log(dir);
  process.exit(0);
}
cleanup();
process.exit(0);
