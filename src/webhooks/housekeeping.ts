import { and, lt, ne } from "drizzle-orm";
import { DAY } from "../lib/clock.ts";
import type { Db } from "../store/open-store.ts";
import { REDELIVERY_WINDOW_MS } from "./retry-schedule.ts";
import { webhookCounted, webhookDeliveries } from "./schema.ts";

/**
 * Deliveries are kept for the 30-day redelivery window (spec 6.3); a pending one is never removed.
 * Counted marks outlive them by a day, so a late redelivery is never counted twice (spec 6.5).
 */
export async function purgeOldDeliveries(db: Db, nowMs: number): Promise<void> {
  await db.delete(webhookDeliveries).where(and(lt(webhookDeliveries.createdAt, nowMs - REDELIVERY_WINDOW_MS), ne(webhookDeliveries.state, "pending")));
  await db.delete(webhookCounted).where(lt(webhookCounted.at, nowMs - REDELIVERY_WINDOW_MS - DAY));
}
