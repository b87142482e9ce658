// The operator's Outbox page: the newest messages Parla sent or holds (DESIGN §4: without
// PARLA_SMTP_URL mail is held here and in the log). Bodies hold sign-in and reset links, which is
// why only operators see this page.
import type { OutboxRow } from "../mail/service.ts";
import { Layout, type LayoutUser } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

export function OutboxPage(props: { t: UiText; user: LayoutUser; rows: OutboxRow[]; smtp: boolean }) {
  return (
    <Layout t={props.t} title="Outbox" nav="outbox" user={props.user}>
      <h1>Outbox</h1>
      <p class="hint">
        {props.smtp
          ? "Messages are delivered by the configured SMTP server; this is what was sent or is still waiting."
          : "No SMTP server is configured (PARLA_SMTP_URL), so messages are held here and in the log instead of being sent. They can hold sign-in and password-reset links: pass them on only to their addressee."}
      </p>
      {props.rows.length === 0 ? (
        <p>The outbox is empty.</p>
      ) : (
        props.rows.map((r) => (
          <section class="card" aria-label={`Message to ${r.toAddress}`} data-mail-id={r.id}>
            <h2 safe>{r.subject}</h2>
            <p class="hint" safe>
              {`To ${r.toAddress} · ${new Date(r.createdAt).toISOString()} · ${r.status}${r.attempts ? ` after ${r.attempts} attempt(s)` : ""}${r.lastError ? ` · ${r.lastError}` : ""}`}
            </p>
            <pre>
              <code safe>{r.bodyText}</code>
            </pre>
          </section>
        ))
      )}
    </Layout>
  );
}
