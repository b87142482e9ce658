// Connected apps (spec 3.4, 5.3.7): a user's grants to apps. Removing one ends its tokens at
// once — the grant's token families, refresh and access tokens go with it.
import { and, desc, eq } from "drizzle-orm";
import { clients } from "../clients/schema.ts";
import type { Db } from "../store/open-store.ts";
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

export async function removeConnectedApp(db: Db, userId: string, grantId: string): Promise<boolean> {
  const r = await db.delete(grants).where(and(eq(grants.id, grantId), eq(grants.userId, userId))).returning({ id: grants.id });
  return r.length === 1;
}
