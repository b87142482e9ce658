// Gauges read from the store when scraped: they describe the whole deployment (every process
// sharing the store), not this process.
import { sql } from "drizzle-orm";
import type { Clock } from "../lib/clock.ts";
import type { Db } from "../store/open-store.ts";
import type { CollectedGauge } from "./registry.ts";

export function storeGauges(db: Db, clock: Clock): CollectedGauge[] {
  return [
    {
      name: "parla_jobs",
      help: "Durable jobs by kind and state (queued, running, done, dead), across all processes.",
      async collect() {
        const rows = await db.all<{ kind: string; status: string; n: number }>(sql`SELECT kind, status, count(*) AS n FROM jobs GROUP BY kind, status`);
        return rows.map((r) => ({ labels: { kind: r.kind, state: r.status }, value: Number(r.n) }));
      },
    },
    {
      name: "parla_webhook_deliveries",
      help: "Webhook deliveries by state (pending, succeeded, failed, missed while disabled), across all processes.",
      async collect() {
        const rows = await db.all<{ state: string; n: number }>(sql`SELECT state, count(*) AS n FROM webhook_deliveries GROUP BY state`);
        return rows.map((r) => ({ labels: { state: r.state }, value: Number(r.n) }));
      },
    },
  ];
}
