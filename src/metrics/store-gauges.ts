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
      name: "parla_credit_leases",
      help: "Live credit leases (billing reservations held in process memory), across all processes.",
      async collect() {
        const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM spend_leases WHERE expires_at > ${clock.now()}`);
        return [{ labels: {}, value: Number(row?.n ?? 0) }];
      },
    },
    {
      name: "parla_credit_leases_credits",
      help: "Credits reserved by live credit leases and not yet written to the spend totals.",
      async collect() {
        const [row] = await db.all<{ c: number | null }>(sql`SELECT sum(credits) AS c FROM spend_leases WHERE expires_at > ${clock.now()}`);
        return [{ labels: {}, value: Number(row?.c ?? 0) }];
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
