// The one way an event is recorded (spec 2.5, 6.1; DESIGN §4 "Transactions"): inside the
// transaction of the state change that caused it, so the change and its event commit together or
// not at all. Whatever else must happen with the event in that same transaction — a webhook
// delivery row per subscribed endpoint (the outbox) — registers an outbox hook here; a hook that
// throws rolls the whole change back.
import { PREFIX, newPublicId } from "../lib/secrets.ts";
import { executorOf, type SqlHandle } from "../store/raw-sql.ts";

/** Event types the service records (spec 6.1). webhook.test is never recorded: it goes to one endpoint only. */
export type RecordedEventType = "lesson_plan.ready" | "lesson_plan.failed" | "usage.threshold_reached" | "app.installed" | "app.uninstalled";

export interface NewEvent {
  accountId: string;
  type: RecordedEventType;
  /** Small: names resources rather than copying them (spec 2.5). */
  data: Record<string, unknown>;
  /** The user the event is about; omitted: the account itself. */
  aboutUserId?: string | null;
  /** Only this client may hear the event (app.* events, spec 6.1). */
  clientId?: string | null;
}

export interface RecordedEvent extends Required<NewEvent> {
  id: string;
  seq: number;
  createdAt: number;
}

/** `tx` is the handle the event was recorded with: a drizzle transaction or a plain libSQL one. */
export type OutboxHook = (tx: SqlHandle, event: RecordedEvent) => Promise<void>;

// Plain SQL: every lesson plan records two events, and building the drizzle insert cost more than
// running it. RETURNING runs to completion in the store's client (DESIGN §9).
const INSERT_EVENT = "INSERT INTO events (id, account_id, type, created_at, about_user_id, client_id, data) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq";

export class EventRecorder {
  private readonly outbox: OutboxHook[] = [];

  /** `recorded` runs after each insert, before the commit: the process's EventSignal polls fast until it sees it. */
  constructor(private readonly recorded: () => void = () => {}) {}

  /** Adds work that must commit with every event (e.g. webhook delivery rows). */
  addOutbox(hook: OutboxHook): void {
    this.outbox.push(hook);
  }

  async record(tx: SqlHandle, nowMs: number, input: NewEvent): Promise<RecordedEvent> {
    const id = newPublicId(PREFIX.event);
    const aboutUserId = input.aboutUserId ?? null;
    const clientId = input.clientId ?? null;
    const { rows } = await executorOf(tx).execute({ sql: INSERT_EVENT, args: [id, input.accountId, input.type, nowMs, aboutUserId, clientId, JSON.stringify(input.data)] });
    const event: RecordedEvent = { ...input, aboutUserId, clientId, id, seq: Number(rows[0]!.seq), createdAt: nowMs };
    for (const hook of this.outbox) await hook(tx, event);
    this.recorded();
    return event;
  }
}
