// The Tutor page: one conversation at a time. Each turn shows the learner's message with its
// corrections inline (what was wrong, the fix, why), the partner's reply with its translation
// behind a toggle (<details>: no script needed), then hints and suggested replies as buttons.
// A free plan sees why the tutor needs a paid plan (spec 5.5, 403 paid_plan_required) in words.
import type { Npc, TutorTurnResult } from "../generation/model.ts";
import { CsrfField, Layout, type Flash, type LayoutUser } from "./layout.tsx";
import { ListenButton } from "./listen-button.tsx";
import { LangSelect, langName } from "./learn-page.tsx";
import type { UiText } from "./ui-text/index.ts";

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
  t: UiText;
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

const partnerName = (t: UiText, c: { npc: Npc | null }) => c.npc?.name ?? t.tutor.yourPartner;

function Turn(props: { t: UiText; turn: TutorTurnView; conversation: ConversationView }) {
  const { turn, conversation: c, t } = props;
  const r = turn.reply;
  return (
    <>
      <li id={`turn-${turn.n}`} data-turn={String(turn.n)}>
        <div class="bubble learner">
          <p class="who" safe>{t.tutor.you}</p>
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
            {partnerName(t, c)}
          </p>
          <p lang={c.targetLang}>
            <span safe>{r.reply}</span>
            <ListenButton t={t} text={r.reply} lang={c.targetLang} />
          </p>
          <details>
            <summary safe>{t.tutor.translation}</summary>
            <p class="muted" lang={c.sourceLang} safe>
              {r.reply_translation}
            </p>
          </details>
        </div>
      </li>
    </>
  );
}

function Suggestions(props: { t: UiText; reply: TurnReply; conversation: ConversationView; csrf: string; turnCost: number }) {
  const { reply: r, conversation: c, t } = props;
  return (
    <section aria-labelledby="help-heading" class="card">
      <h2 id="help-heading" safe>{t.tutor.needHelp}</h2>
      {r.hints.length ? (
        <details>
          <summary safe>{t.tutor.showHint}</summary>
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
          <p class="hint" safe>{t.tutor.suggested(props.turnCost)}</p>
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

function MessageForm(props: { t: UiText; conversation: ConversationView | null; start: TutorStart; csrf: string; turnCost: number; draft?: string; error?: string | null }) {
  const { t } = props;
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
          <h2 safe>{t.tutor.start}</h2>
          {s.plan ? (
            <>
              <input type="hidden" name="plan_id" value={s.plan.id} />
              <p safe>{t.tutor.practising(s.plan.title, s.npcName)}</p>
            </>
          ) : (
            ""
          )}
          <LangSelect t={t} id="source" name="source" label={t.common.iSpeak} value={s.source} />
          <LangSelect t={t} id="target" name="target" label={t.common.iLearn} value={s.target} />
          <label for="level" safe>{t.common.level}</label>
          <select id="level" name="level">
            {LEVELS.map((label, i) => (
              <option value={String(i + 1)} selected={s.level === i + 1} safe>
                {`${i + 1} · ${label}`}
              </option>
            ))}
          </select>
          <label for="scene" safe>{t.tutor.scene}</label>
          <input type="text" id="scene" name="scene" value={s.scene} maxlength="160" placeholder={t.tutor.scenePlaceholder} />
          <label for="npc-name" safe>{t.tutor.partnerName}</label>
          <input type="text" id="npc-name" name="npc_name" value={s.npcName} maxlength="32" />
          <label for="npc-persona" safe>{t.tutor.persona}</label>
          <input type="text" id="npc-persona" name="npc_persona" value={s.npcPersona} maxlength="120" />
        </>
      )}
      <label for="message" safe>{t.tutor.yourMessage(langName(t, target))}</label>
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
        <button type="submit" safe>{t.tutor.send}</button>
        <span class="hint" safe>{t.tutor.cost(props.turnCost)}</span>
      </div>
    </form>
  );
}

export function TutorPage(props: TutorPageProps) {
  const { t } = props;
  const c = props.conversation;
  const last = props.turns.at(-1);
  return (
    <Layout t={t} title={t.tutor.title} nav="tutor" user={props.user} flash={props.flash}>
      <h1 safe>{c ? t.tutor.talkingWith(partnerName(t, c)) : t.tutor.title}</h1>
      {!props.paid ? (
        <section class="card" aria-labelledby="paid-heading" data-testid="paid-plan-required">
          <h2 id="paid-heading" safe>{t.tutor.paidHeading}</h2>
          <p safe>{t.tutor.paidText}</p>
          <p safe>{t.tutor.paidHow(props.user.email)}</p>
          <p>
            <a href="/account" safe>{t.tutor.seePlan}</a>
          </p>
        </section>
      ) : (
        ""
      )}
      {c ? (
        <>
          <p class="muted" safe>
            {t.tutor.meta(langName(t, c.sourceLang), langName(t, c.targetLang), c.level, c.scene)}
          </p>
          {last ? (
            <p role="status" data-testid="tutor-progress" safe>
              {last.reply.progress.completed ? t.tutor.reachedEnd : t.tutor.step(last.reply.progress.step, last.reply.progress.steps)}
            </p>
          ) : (
            ""
          )}
          <ol class="chat" aria-label={t.tutor.conversation}>
            {props.turns.map((turn) => (
              <Turn t={t} turn={turn} conversation={c} />
            ))}
          </ol>
          {last && props.paid ? <Suggestions t={t} reply={last.reply} conversation={c} csrf={props.user.csrf} turnCost={props.turnCost} /> : ""}
        </>
      ) : (
        ""
      )}
      {props.paid ? <MessageForm t={t} conversation={c} start={props.start} csrf={props.user.csrf} turnCost={props.turnCost} draft={props.draft} error={props.error} /> : ""}
      {c && props.paid ? (
        <p>
          <a href="/tutor" safe>{t.tutor.another}</a>
        </p>
      ) : (
        ""
      )}
      {props.conversations.length ? (
        <section aria-labelledby="conversations-heading">
          <h2 id="conversations-heading" safe>{t.tutor.mine}</h2>
          <ul>
            {props.conversations.map((other) => (
              <li>
                <a href={`/tutor/${encodeURIComponent(other.id)}`} aria-current={c?.id === other.id ? "page" : undefined} safe>
                  {`${partnerName(t, other)}${other.scene ? ` — ${other.scene}` : ""}`}
                </a>{" "}
                <span class="muted" safe>{t.tutor.messages(langName(t, other.targetLang), other.turns)}</span>
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
