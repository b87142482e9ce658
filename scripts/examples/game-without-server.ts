// A game with no server of its own (spec 6.6), using only its developer's client id and secret:
// it sends an inbound event that asks for a plan, keeps the plan_id, reads the event stream until
// that plan's first lesson_plan.ready (partial, then complete) or .failed arrives, then reads the plan.
//
//   PARLA_URL=http://localhost:8080 PARLA_CLIENT_ID=parla_cid_… PARLA_CLIENT_SECRET=parla_cs_… \
//     bun scripts/examples/game-without-server.ts
//
// The client needs the scopes events:write, events:read, lesson_plans:write and lesson_plans:read.
// Prints one JSON line with the plan when it is ready; exits non-zero with one line on a failure.
const base = (process.env.PARLA_URL ?? "http://localhost:8080").replace(/\/$/, "");
const clientId = process.env.PARLA_CLIENT_ID;
const clientSecret = process.env.PARLA_CLIENT_SECRET;
if (!clientId || !clientSecret) {
  console.error("set PARLA_CLIENT_ID and PARLA_CLIENT_SECRET (a client of your own account)");
  process.exit(2);
}

async function accessToken(): Promise<string> {
  const res = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic " + btoa(`${encodeURIComponent(clientId!)}:${encodeURIComponent(clientSecret!)}`) },
    body: "grant_type=client_credentials&scope=" + encodeURIComponent("events:write events:read lesson_plans:write lesson_plans:read"),
  });
  const body = (await res.json()) as { access_token?: string; error?: string; error_description?: string };
  if (!res.ok || !body.access_token) throw new Error(`token exchange failed: ${body.error} ${body.error_description ?? ""}`);
  return body.access_token;
}

const token = await accessToken();
const auth = { authorization: `Bearer ${token}` };

// 1. Open the stream first, so no event can slip between the answer and the reading.
const stream = await fetch(`${base}/v1/events/stream?types=lesson_plan.ready,lesson_plan.failed`, { headers: { ...auth, accept: "text/event-stream" } });
if (!stream.ok || !stream.body) throw new Error(`cannot open the event stream: ${stream.status} ${await stream.text()}`);

// 2. The event; the same Idempotency-Key on a retry makes it one event.
const sent = await fetch(`${base}/v1/events`, {
  method: "POST",
  headers: { ...auth, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
  body: JSON.stringify({ type: "world.practice_requested", data: { topic: "ordering food at a market stall", source_lang: "en", target_lang: "es", level: 2, npc: { name: "Marisol", persona: "a cheerful fruit seller" } } }),
});
const answer = (await sent.json()) as { reaction: string; plan_status?: string; plan_id?: string; reason?: string };
if (sent.status !== 202) throw new Error(`event refused: ${sent.status} ${JSON.stringify(answer)}`);
if (!answer.plan_id) throw new Error(`no plan was started: ${JSON.stringify(answer)}`);

// 3. Wait for this plan's event, unless the plan can be read already (from the library).
if (answer.plan_status === "generating") {
  const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  waiting: for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the stream ended before the plan was ready; reconnect with Last-Event-ID to go on");
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
      if (!data || frame.split("\n").some((l) => l.startsWith("event:"))) continue;
      const event = JSON.parse(data) as { type: string; data: { plan_id?: string; status?: string } };
      if (event.data.plan_id !== answer.plan_id) continue;
      if (event.type === "lesson_plan.failed") throw new Error(`the plan failed: ${answer.plan_id}`);
      if (event.type === "lesson_plan.ready") break waiting;
    }
  }
  await reader.cancel();
} else await stream.body.cancel();

// 4. Read the plan with lesson_plans:read.
const plan = (await (await fetch(`${base}/v1/lesson-plans/${answer.plan_id}`, { headers: auth })).json()) as { id: string; status: string; sets: { kind: string }[] };
console.log(JSON.stringify({ reaction: answer.reaction, plan_id: plan.id, status: plan.status, sets: plan.sets.map((s) => s.kind) }));
export {};
