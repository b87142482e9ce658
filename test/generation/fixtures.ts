// Generation API test helpers: authorised requests, a plan body, SSE parsing of a whole answer,
// and the rows a refused request must not have written.
import { sql } from "drizzle-orm";
import type { TestApp } from "../helpers/test-app.ts";

export const plan = (over: Record<string, unknown> = {}) => ({ topic: "ordering food in a restaurant", source_lang: "en", target_lang: "es", level: 2, ...over });

export const as = (t: TestApp, token: string) => ({
  post: (path: string, json: unknown) => t.request("POST", path, { json, headers: { authorization: `Bearer ${token}` } }),
  get: (path: string) => t.request("GET", path, { headers: { authorization: `Bearer ${token}` } }),
});

export interface SseFrame {
  event: string;
  data: any;
}

/** Parses text/event-stream into frames (comments skipped); data is JSON. */
export function parseSse(text: string): SseFrame[] {
  const frames: SseFrame[] = [];
  for (const block of text.split("\n\n")) {
    if (!block.trim()) continue;
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length) frames.push({ event, data: JSON.parse(data.join("\n")) });
  }
  return frames;
}

/** Counts of every generation table and of the jobs and events: a refused request leaves them as they were. */
export async function footprint(t: TestApp) {
  const count = async (table: string) => Number((await t.deps.store.db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n);
  return {
    plans: await count("lesson_plans"),
    sets: await count("plan_sets"),
    conversations: await count("conversations"),
    turns: await count("conversation_turns"),
    jobs: await count("jobs"),
    events: await count("events"),
  };
}

export async function eventsOf(t: TestApp, planId: string) {
  return t.deps.store.db.all<{ type: string; data: string }>(sql`SELECT type, data FROM events WHERE json_extract(data, '$.plan_id') = ${planId} ORDER BY seq`);
}
