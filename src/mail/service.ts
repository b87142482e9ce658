// The mailer: `sendMail` records a message in the outbox — inside the caller's transaction when
// given one, so a rolled-back change sends nothing — and, with PARLA_SMTP_URL, a durable job
// delivers it through nodemailer with retries. Without SMTP the message is held for the operator.
import { desc, eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Config } from "../config/config.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { newRowId } from "../lib/secrets.ts";
import { enqueueJob } from "../scheduler/jobs.ts";
import type { JobKind } from "../scheduler/scheduler.ts";
import type { Db, DbOrTx } from "../store/open-store.ts";
import { mailOutbox } from "./schema.ts";

export interface MailDeps {
  config: Pick<Config, "smtpUrl" | "mailFrom">;
  clock: Clock;
  log: Logger;
  store: { db: Db };
  scheduler: { wake(): void } | null;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;
export const MAIL_JOB = "mail.send";
const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;

/**
 * Records a message and, with SMTP, its delivery job. Pass `tx` to send only if the caller's
 * transaction commits; the scheduler is woken here, and a job not yet committed is picked up on
 * the scheduler's next poll. Returns the outbox id.
 */
export async function sendMail(deps: MailDeps, message: MailMessage, tx?: DbOrTx): Promise<string> {
  const db = tx ?? deps.store.db;
  const now = deps.clock.now();
  const id = newRowId(now);
  const held = !deps.config.smtpUrl;
  await db.insert(mailOutbox).values({ id, toAddress: message.to, subject: message.subject, bodyText: message.text, status: held ? "held" : "queued", createdAt: now });
  if (held) {
    // The body may hold a sign-in or reset link: it stays out of the log (DESIGN §4).
    deps.log.info("mail.held", { mail_id: id, to: message.to, subject: message.subject, message: "PARLA_SMTP_URL is not set: read it with `parla admin mail outbox`" });
  } else {
    await enqueueJob(db, now, MAIL_JOB, { mail_id: id }, { maxAttempts: RETRY_DELAYS_MS.length + 1 });
    deps.scheduler?.wake();
  }
  return id;
}

/** The job that delivers queued messages over SMTP (registered in scheduler/registry.ts). */
export function mailJobKinds(deps: MailDeps): Record<string, JobKind> {
  let transport: Transporter | null = null;
  return {
    [MAIL_JOB]: {
      retryDelaysMs: RETRY_DELAYS_MS,
      async run(payload) {
        const id = (payload as { mail_id: string }).mail_id;
        const db = deps.store.db;
        const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        if (!row || row.status === "sent" || !deps.config.smtpUrl) return;
        // Loaded on first use: nodemailer's modules cost a start-up ~0.1 s, and most servers send no mail.
        transport ??= (await import("nodemailer")).createTransport(deps.config.smtpUrl);
        try {
          await transport.sendMail({ from: deps.config.mailFrom, to: row.toAddress, subject: row.subject, text: row.bodyText });
        } catch (error) {
          const attempts = row.attempts + 1;
          const last = attempts >= RETRY_DELAYS_MS.length + 1;
          await db.update(mailOutbox).set({ attempts, lastError: String((error as Error).message ?? error).slice(0, 500), status: last ? "failed" : "queued" }).where(eq(mailOutbox.id, id));
          deps.log.warn("mail.send_failed", { mail_id: id, attempt: attempts, error: String((error as Error).message ?? error) });
          throw error;
        }
        await db.update(mailOutbox).set({ status: "sent", sentAt: deps.clock.now(), attempts: row.attempts + 1, lastError: null }).where(eq(mailOutbox.id, id));
        deps.log.info("mail.sent", { mail_id: id });
      },
    },
  };
}

/** The newest messages first (the operator's view of the outbox). */
export async function listOutbox(db: Db, limit = 50): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
}
