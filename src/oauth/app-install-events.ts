// app.installed and app.uninstalled (spec 5.3.7, 6.1): what an app hears about its installs. Each
// goes only to the app's own client, is recorded under the client's owner account (the app's
// developer hears it), and is about the user (subject = that user as this client sees them).
//
// Which changes count:
// - installed: a consent that creates the user's grant for the client, or that renews a grant whose
//   app was last reported uninstalled (every install of it ended by revocation). Approving again
//   while installed (more scopes, a public client asking every time) reports nothing.
// - uninstalled: the user removes the app on Connected apps (the grant goes), or a revocation at
//   /oauth/revoke ends the grant's last live install (token family). A revocation that leaves
//   another install of the same user alive (sign-out on one of two devices) reports nothing; on the
//   wire a sign-out on the last device cannot be told from an uninstall, so it reports uninstalled.
//   Tokens ended for other reasons (a reused code or refresh token, refresh-token inactivity) are
//   not the user removing the app and report nothing.
// A change is reported once: nothing is recorded when the latest app.* event for this client and
// user already says the same.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { clients } from "../clients/schema.ts";
import type { EventRecorder } from "../events/recorder.ts";
import { events } from "../events/schema.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { grants, tokenFamilies } from "./schema.ts";

type AppEventType = "app.installed" | "app.uninstalled";

async function lastReported(tx: DbOrTx, accountId: string, clientId: string, userId: string): Promise<AppEventType | null> {
  const [row] = await tx
    .select({ type: events.type })
    .from(events)
    .where(and(eq(events.accountId, accountId), eq(events.clientId, clientId), eq(events.aboutUserId, userId), inArray(events.type, ["app.installed", "app.uninstalled"])))
    .orderBy(desc(events.seq))
    .limit(1);
  return (row?.type as AppEventType | undefined) ?? null;
}

async function ownerOf(tx: DbOrTx, clientId: string): Promise<string | null> {
  const [row] = await tx.select({ accountId: clients.accountId }).from(clients).where(eq(clients.id, clientId));
  return row?.accountId ?? null;
}

async function report(recorder: EventRecorder, tx: DbOrTx, nowMs: number, type: AppEventType, clientId: string, userId: string, onlyAfter?: AppEventType): Promise<void> {
  const accountId = await ownerOf(tx, clientId);
  if (accountId === null) return;
  const last = await lastReported(tx, accountId, clientId, userId);
  if (last === type || (onlyAfter !== undefined && last !== onlyAfter)) return;
  await recorder.record(tx, nowMs, { accountId, type, clientId, aboutUserId: userId, data: { client_id: clientId } });
}

/** In the consent's transaction: `created` when the grant is new; a renewed grant only after an uninstall. */
export function recordConsent(recorder: EventRecorder, tx: DbOrTx, nowMs: number, grant: { clientId: string; userId: string; created: boolean }): Promise<void> {
  return report(recorder, tx, nowMs, "app.installed", grant.clientId, grant.userId, grant.created ? undefined : "app.uninstalled");
}

/** In the removal's transaction, before the grant row goes. */
export function recordRemoval(recorder: EventRecorder, tx: DbOrTx, nowMs: number, grant: { clientId: string; userId: string }): Promise<void> {
  return report(recorder, tx, nowMs, "app.uninstalled", grant.clientId, grant.userId);
}

/** In the revocation's transaction, after the family ended: uninstalled when no install of the grant is left. */
export async function recordRevocation(recorder: EventRecorder, tx: DbOrTx, nowMs: number, grantId: string): Promise<void> {
  const [grant] = await tx.select({ clientId: grants.clientId, userId: grants.userId }).from(grants).where(eq(grants.id, grantId));
  if (!grant) return;
  const [live] = await tx.select({ id: tokenFamilies.id }).from(tokenFamilies).where(and(eq(tokenFamilies.grantId, grantId), isNull(tokenFamilies.endedAt))).limit(1);
  if (live) return;
  await report(recorder, tx, nowMs, "app.uninstalled", grant.clientId, grant.userId);
}
