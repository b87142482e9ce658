// The account's own inbound events (spec 2.6, 4.3: what its games sent to POST /v1/events), newest
// first, for the Events page to list beside the events Parla sent. Read from inbound_events, the
// table that decides one event per Idempotency-Key, so the page shows what the server accepted.
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../store/open-store.ts";
import { inboundEvents } from "./schema.ts";

export interface RecentInboundEvent {
  id: string;
  type: string;
  clientId: string;
  idempotencyKey: string;
  data: Record<string, unknown>;
  createdAt: number;
  /** What the server answered (null while it was still deciding, and after a day: spec 4.3.8). */
  answer: Record<string, unknown> | null;
  planId: string | null;
}

export async function recentInboundEvents(db: Db, accountId: string, filter: { type?: string; clientId?: string }, limit = 100): Promise<RecentInboundEvent[]> {
  const where: SQL[] = [eq(inboundEvents.accountId, accountId)];
  if (filter.type) where.push(eq(inboundEvents.type, filter.type));
  if (filter.clientId) where.push(eq(inboundEvents.clientId, filter.clientId));
  return db
    .select({
      id: inboundEvents.id,
      type: inboundEvents.type,
      clientId: inboundEvents.clientId,
      idempotencyKey: inboundEvents.idempotencyKey,
      data: inboundEvents.data,
      createdAt: inboundEvents.createdAt,
      answer: inboundEvents.answer,
      planId: inboundEvents.planId,
    })
    .from(inboundEvents)
    .where(and(...where))
    .orderBy(desc(inboundEvents.createdAt), desc(inboundEvents.id))
    .limit(limit);
}
