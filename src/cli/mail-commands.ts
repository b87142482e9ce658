// `parla admin mail outbox`: the messages Parla sent or holds. Without PARLA_SMTP_URL this is
// where the operator reads them (a user's verification or reset link included).
import { listOutbox } from "../mail/service.ts";
import type { Command } from "./command-line.ts";
import { fail, print, withStore } from "./cli-context.ts";

export const mailCommands: Command[] = [
  {
    path: ["admin", "mail", "outbox"],
    summary: "Show the newest messages of the mail outbox (held ones when no SMTP server is configured)",
    flags: { limit: { kind: "int", help: "how many (default 20, at most 500)" }, to: { kind: "string", help: "only messages to this address" }, json: { kind: "bool", help: "print one JSON object" } },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const limit = (flags.limit as number | undefined) ?? 20;
        if (limit < 1 || limit > 500) return fail("--limit must be between 1 and 500", 2);
        const to = typeof flags.to === "string" ? flags.to.trim().toLowerCase() : null;
        const rows = (await listOutbox(store.db, to ? 500 : limit)).filter((r) => !to || r.toAddress === to).slice(0, limit);
        const items = rows.map((r) => ({ id: r.id, to: r.toAddress, subject: r.subject, text: r.bodyText, status: r.status, attempts: r.attempts, last_error: r.lastError, created_at: new Date(r.createdAt).toISOString(), sent_at: r.sentAt ? new Date(r.sentAt).toISOString() : null }));
        const human = items.length === 0 ? "the outbox is empty" : items.map((i) => `── ${i.created_at}  ${i.status}  to ${i.to}\n   ${i.subject}\n\n${i.text.replace(/^/gm, "   ")}\n`).join("\n");
        print(flags, { items }, human);
        return 0;
      }),
  },
];
