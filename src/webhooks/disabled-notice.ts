// Spec 3.2: the endpoint's owner is e-mailed when an endpoint is disabled. The message, and the
// address it goes to (the account owner's); the composition root hands it to the mailer.
import { eq } from "drizzle-orm";
import { accounts, users } from "../accounts/schema.ts";
import type { DbOrTx } from "../store/open-store.ts";
import type { DisabledNotice } from "./deliver.ts";

export async function ownerEmail(db: DbOrTx, accountId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(accounts).innerJoin(users, eq(users.id, accounts.ownerUserId)).where(eq(accounts.id, accountId));
  return row?.email ?? null;
}

export function disabledNoticeMessage(notice: DisabledNotice, webAppUrl: string): { subject: string; text: string } {
  const why =
    notice.reason === "gone"
      ? "Your receiver answered 410 Gone, which asks Parla to stop sending."
      : "Every delivery to it has failed for five days.";
  return {
    subject: "Parla: a webhook endpoint was disabled",
    text: [
      `Parla disabled your webhook endpoint ${notice.url} (${notice.endpointId}) on ${new Date(notice.atMs).toISOString()}.`,
      "",
      why,
      "",
      "Nothing is sent to it automatically while it is disabled. Events that happen meanwhile are listed as missed on the Webhooks page, where you can redeliver them once your receiver works again, and re-enable the endpoint:",
      `${webAppUrl}/admin/webhooks`,
    ].join("\n"),
  };
}
