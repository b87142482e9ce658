// Connected apps (spec 3.4, 5.3.7): a user's grants to apps. Removing one ends its tokens at
// once — the grant's token families, refresh and access tokens go with it.
import { and, desc, eq } from "drizzle-orm";
import { clients } from "../clients/schema.ts";
import type { EventRecorder } from "../events/recorder.ts";
import type { Db } from "../store/open-store.ts";
import { recordRemoval } from "./app-install-events.ts";
import { grants } from "./schema.ts";

export interface ConnectedApp {
  grantId: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  createdAt: number;
  lastUsedAt: number | null;
}

export async function listConnectedApps(db: Db, userId: string): Promise<ConnectedApp[]> {
  const rows = await db
    .select({ grant: grants, clientName: clients.name })
    .from(grants)
    .innerJoin(clients, eq(clients.id, grants.clientId))
    .where(eq(grants.userId, userId))
    .orderBy(desc(grants.createdAt));
  return rows.map((r) => ({ grantId: r.grant.id, clientId: r.grant.clientId, clientName: r.clientName, scopes: r.grant.scopes, createdAt: r.grant.createdAt, lastUsedAt: r.grant.lastUsedAt }));
}

/** Removes the user's grant and reports app.uninstalled to the app, in one transaction (spec 5.3.7, 6.1). */
export async function removeConnectedApp(db: Db, events: EventRecorder, nowMs: number, userId: string, grantId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.delete(grants).where(and(eq(grants.id, grantId), eq(grants.userId, userId))).returning({ id: grants.id, clientId: grants.clientId });
    if (r.length !== 1) return false;
    await recordRemoval(events, tx, nowMs, { clientId: r[0]!.clientId, userId });
    return true;
  });
}
