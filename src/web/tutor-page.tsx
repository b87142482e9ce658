// The Tutor page: one conversation at a time. Each turn shows the learner's message with its
// corrections inline (what was wrong, the fix, why), the partner's reply with its translation
// behind a toggle (<details>: no script needed), then hints and suggested replies as buttons.
// A free plan sees why the tutor needs a paid plan (spec 5.5, 403 paid_plan_required) in words.
import type { Npc, TutorTurnResult } from "../generation/model.ts";
import { CsrfField, Layout, type Flash, type LayoutUser } from "./layout.tsx";
import { LangSelect, langName } from "./learn-page.tsx";

const LEVELS = ["A1", "A2", "A2+", "B1", "B1+", "B2", "B2+", "C1", "C2"];

export type TurnReply = Pick<TutorTurnResult, "reply" | "reply_translation" | "corrections" | "corrected_message" | "hints" | "suggested_replies" | "progress">;

export interface TutorTurnView {
  n: number;
  message: string;
  reply: TurnReply;
}

export interface ConversationView {
  id: string;
  sourceLang: string;
  targetLang: string;
  level: number;
  scene: string | null;
  npc: Npc | null;
  planId: string | null;
  turns: number;
  updatedAt: number;
}

export interface TutorStart {
  source: string;
  target: string;
  level: number;
  scene: string;
  npcName: string;
  npcPersona: string;
  /** Started from a lesson plan's role-play: its id and title. */
  plan: { id: string; title: string } | null;
}

export interface TutorPageProps {
  user: LayoutUser;
  flash?: Flash | null;
  paid: boolean;
  conversation: ConversationView | null;
  turns: TutorTurnView[];
  start: TutorStart;
  error?: string | null;
  /** The message the learner was writing when it was refused, to send again. */
  draft?: string;
  conversations: ConversationView[];
  turnCost: number;
}

const partnerName = (c: { npc: Npc | null }) => c.npc?.name ?? "Your partner";

function Turn(props: { turn: TutorTurnView; conversation: ConversationView }) {
  const { turn, conversation: c } = props;
  const r = turn.reply;
  return (
    <>
      <li id={`turn-${turn.n}`} data-turn={String(turn.n)}>
        <div class="bubble learner">
          <p class="who">You</p>
          <p lang={c.targetLang} safe>
            {turn.message}
          </p>
          {r.corrections.map((fix) => (
            <p class="correction" data-testid="correction">
              <del lang={c.targetLang} safe>
                {fix.original}
              </del>{" "}
              →{" "}
              <ins lang={c.targetLang} safe>
                {fix.corrected}
              </ins>{" "}
              <span class="muted" lang={c.sourceLang} safe>
                {fix.explanation}
              </span>
            </p>
          ))}
        </div>
      </li>
      <li>
        <div class="bubble npc" data-testid="npc-reply">
          <p class="who" safe>
            {partnerName(c)}
          </p>
          <p lang={c.targetLang} safe>
            {r.reply}
          </p>
          <details>
            <summary>Translation</summary>
            <p class="muted" lang={c.sourceLang} safe>
              {r.reply_translation}
            </p>
          </details>
        </div>
      </li>
    </>
  );
}

function Suggestions(props: { reply: TurnReply; conversation: ConversationView; csrf: string; turnCost: number }) {
  const { reply: r, conversation: c } = props;
  return (
    <section aria-labelledby="help-heading" class="card">
      <h2 id="help-heading">Need help?</h2>
      {r.hints.length ? (
        <details>
          <summary>Show a hint</summary>
          <ul>
            {r.hints.map((h) => (
              <li safe>{h}</li>
            ))}
          </ul>
        </details>
      ) : (
        ""
      )}
      {r.suggested_replies.length ? (
        <>
          <p class="hint" safe>{`Send a suggested reply (${props.turnCost} credit each):`}</p>
          <div class="suggestions">
            {r.suggested_replies.map((s) => (
              <form method="post" action="/tutor">
                <CsrfField csrf={props.csrf} />
                <input type="hidden" name="conversation_id" value={c.id} />
                <input type="hidden" name="message" value={s.text} />
                <button type="submit" class="secondary" title={s.translation} data-suggestion={s.text}>
                  <span lang={c.targetLang} safe>
                    {s.text}
                  </span>
                </button>
              </form>
            ))}
          </div>
        </>
      ) : (
        ""
      )}
    </section>
  );
}

function MessageForm(props: { conversation: ConversationView | null; start: TutorStart; csrf: string; turnCost: number; draft?: string; error?: string | null }) {
  const c = props.conversation;
  const s = props.start;
  const target = c?.targetLang ?? s.target;
  return (
    <form method="post" action="/tutor" class="card" id="message-form">
      <CsrfField csrf={props.csrf} />
      {c ? (
        <input type="hidden" name="conversation_id" value={c.id} />
      ) : (
        <>
          <h2>Start a conversation</h2>
          {s.plan ? (
            <>
              <input type="hidden" name="plan_id" value={s.plan.id} />
              <p safe>{`Practising the role-play of “${s.plan.title}”${s.npcName ? ` with ${s.npcName}` : ""}.`}</p>
            </>
          ) : (
            ""
          )}
          <LangSelect id="source" name="source" label="I speak" value={s.source} />
          <LangSelect id="target" name="target" label="I am learning" value={s.target} />
          <label for="level">Level</label>
          <select id="level" name="level">
            {LEVELS.map((label, i) => (
              <option value={String(i + 1)} selected={s.level === i + 1} safe>
                {`${i + 1} · ${label}`}
              </option>
            ))}
          </select>
          <label for="scene">Scene (optional)</label>
          <input type="text" id="scene" name="scene" value={s.scene} maxlength="160" placeholder="e.g. ordering at a café in Seville" />
          <label for="npc-name">Partner's name (optional)</label>
          <input type="text" id="npc-name" name="npc_name" value={s.npcName} maxlength="32" />
          <label for="npc-persona">Who they are (optional)</label>
          <input type="text" id="npc-persona" name="npc_persona" value={s.npcPersona} maxlength="120" />
        </>
      )}
      <label for="message" safe>{`Your message in ${langName(target)}`}</label>
      <textarea id="message" name="message" maxlength="500" required lang={target} aria-describedby={props.error ? "tutor-error" : undefined} safe>
        {props.draft ?? ""}
      </textarea>
      {props.error ? (
        <p class="field-error" id="tutor-error" role="alert" safe>
          {props.error}
        </p>
      ) : (
        ""
      )}
      <div class="actions">
        <button type="submit">Send</button>
        <span class="hint" safe>{`Each message costs ${props.turnCost} credit${props.turnCost === 1 ? "" : "s"} of your allowance.`}</span>
      </div>
    </form>
  );
}

export function TutorPage(props: TutorPageProps) {
  const c = props.conversation;
  const last = props.turns.at(-1);
  return (
    <Layout title="Tutor" nav="tutor" user={props.user} flash={props.flash}>
      <h1>{c ? <span safe>{`Talking with ${partnerName(c)}`}</span> : "Tutor"}</h1>
      {!props.paid ? (
        <section class="card" aria-labelledby="paid-heading" data-testid="paid-plan-required">
          <h2 id="paid-heading">The tutor comes with the paid plan</h2>
          <p>Conversations with the tutor are part of the paid plan, and this account is on the free plan, so nothing has been spent. Lessons, vocabulary lists and your reviews stay open to you.</p>
          <p>
            <a href="/usage">See your plan and usage</a>
          </p>
        </section>
      ) : (
        ""
      )}
      {c ? (
        <>
          <p class="muted" safe>
            {`${langName(c.sourceLang)} → ${langName(c.targetLang)} · level ${c.level}${c.scene ? ` · ${c.scene}` : ""}`}
          </p>
          {last ? (
            <p role="status" data-testid="tutor-progress" safe>
              {last.reply.progress.completed ? "You reached the end of this conversation. Well done!" : `Step ${last.reply.progress.step} of ${last.reply.progress.steps}`}
            </p>
          ) : (
            ""
          )}
          <ol class="chat" aria-label="Conversation">
            {props.turns.map((turn) => (
              <Turn turn={turn} conversation={c} />
            ))}
          </ol>
          {last && props.paid ? <Suggestions reply={last.reply} conversation={c} csrf={props.user.csrf} turnCost={props.turnCost} /> : ""}
        </>
      ) : (
        ""
      )}
      {props.paid ? <MessageForm conversation={c} start={props.start} csrf={props.user.csrf} turnCost={props.turnCost} draft={props.draft} error={props.error} /> : ""}
      {c && props.paid ? (
        <p>
          <a href="/tutor">Start another conversation</a>
        </p>
      ) : (
        ""
      )}
      {props.conversations.length ? (
        <section aria-labelledby="conversations-heading">
          <h2 id="conversations-heading">My conversations</h2>
          <ul>
            {props.conversations.map((other) => (
              <li>
                <a href={`/tutor/${encodeURIComponent(other.id)}`} aria-current={c?.id === other.id ? "page" : undefined} safe>
                  {`${partnerName(other)}${other.scene ? ` — ${other.scene}` : ""}`}
                </a>{" "}
                <span class="muted" safe>{`${langName(other.targetLang)}, ${other.turns} ${other.turns === 1 ? "message" : "messages"}`}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        ""
      )}
    </Layout>
  );
}
