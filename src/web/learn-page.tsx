// The learner's page: pick two languages, a level and a topic, get a vocabulary list from the
// engine. Server-rendered; the list is a plain table that works without JavaScript.
import type { VocabItem } from "../generation/model.ts";
import { CsrfField, Layout, type Flash, type LayoutUser } from "./layout.tsx";
import { ListenButton } from "./listen-button.tsx";
import { UI_LANGS, type UiText } from "./ui-text/index.ts";
import type { PastList } from "../learning/list-history.ts";

/** The languages Parla teaches, each named in the learner's language (`t.langs`). */
export const LEARN_LANGS: readonly string[] = UI_LANGS;
const LEVELS = ["A1", "A2", "A2+", "B1", "B1+", "B2", "B2+", "C1", "C2"];

export interface LearnQuery {
  source: string;
  target: string;
  level: number;
  topic: string;
}

/**
 * The languages and level a form asked for; an unknown language or level falls back to a default
 * rather than failing the page (the engine checks the real request).
 */
export function readLanguagePair(read: (name: string) => string | undefined, speaks = "en"): { source: string; target: string; level: number } {
  const lang = (v: string | undefined, fallback: string) => (LEARN_LANGS.includes(v ?? "") ? (v as string) : fallback);
  // Not chosen yet: the learner speaks the language of the pages, and learns Spanish (English for a Spanish speaker).
  const source = lang(read("source"), LEARN_LANGS.includes(speaks) ? speaks : "en");
  const level = Number(read("level"));
  return { source, target: lang(read("target"), source === "es" ? "en" : "es"), level: Number.isInteger(level) && level >= 1 && level <= 9 ? level : 1 };
}

/** A language code in words, in the learner's language ("es" → Spanish, español…). */
export const langName = (t: UiText, code: string) => (t.langs as Record<string, string>)[code] ?? code;

/** A labelled language picker: one of the languages Parla teaches. */
export function LangSelect(props: { t: UiText; id: string; name: string; label: string; value: string }) {
  return (
    <>
      <label for={props.id} safe>
        {props.label}
      </label>
      <select id={props.id} name={props.name}>
        {LEARN_LANGS.map((code) => (
          <option value={code} selected={code === props.value} safe>
            {langName(props.t, code)}
          </option>
        ))}
      </select>
    </>
  );
}

/** `history`: the learner's past lists; `past`: the one shown again, when the page shows one. */
export function LearnPage(props: { t: UiText; user: LayoutUser; listCost: number; query: LearnQuery; items: VocabItem[] | null; error?: string | null; inDeck?: Set<string>; flash?: Flash | null; topics: { id: string; name: string }[]; history?: PastList[]; past?: PastList | null }) {
  const q = props.query;
  const { t } = props;
  const l = t.learn;
  return (
    <Layout t={t} title={l.title} nav="learn" user={props.user} flash={props.flash}>
      <h1 safe>{l.title}</h1>
      <form method="post" action="/learn" class="card">
        <CsrfField csrf={props.user.csrf} />
        <LangSelect t={t} id="source" name="source" label={t.common.iSpeak} value={q.source} />
        <LangSelect t={t} id="target" name="target" label={t.common.iLearn} value={q.target} />
        <label for="level" safe>{t.common.level}</label>
        <select id="level" name="level">
          {LEVELS.map((label, i) => (
            <option value={String(i + 1)} selected={q.level === i + 1} safe>
              {`${i + 1} · ${label}`}
            </option>
          ))}
        </select>
        <label for="topic" safe>{l.topic}</label>
        <input type="text" id="topic" name="topic" list="topic-list" value={q.topic} maxlength="160" placeholder={l.topicPlaceholder} />
        <datalist id="topic-list">
          {props.topics.map((t) => (
            <option value={t.id} safe>
              {t.name}
            </option>
          ))}
        </datalist>
        <div class="actions">
          <button type="submit" safe>
            {l.show}
          </button>
          <span class="hint" safe>{l.cost(props.listCost)}</span>
        </div>
      </form>
      {props.error ? (
        <p class="flash error" role="alert" safe>
          {props.error}
        </p>
      ) : (
        ""
      )}
      {props.items ? (
        <section aria-labelledby="vocab-heading">
          <h2 id="vocab-heading" safe>{l.words(props.items.length)}</h2>
          {props.past ? (
            <p class="hint" data-testid="past-list" safe>
              {l.fromHistory(new Date(props.past.createdAt).toISOString().slice(0, 10))}
            </p>
          ) : (
            ""
          )}
          <form method="post" action="/review/words" class="choose-words" data-testid="choose-words">
          <CsrfField csrf={props.user.csrf} />
          <input type="hidden" name="source" value={q.source} />
          <input type="hidden" name="target" value={q.target} />
          <h3 safe>{t.review.chooseWords}</h3>
          <p class="hint" safe>{t.review.chooseHint}</p>
          <table>
            <thead>
              <tr>
                <th><span class="visually-hidden" safe>{t.review.chooseWords}</span></th>
                <th safe>{t.common.word}</th>
                <th safe>{t.common.meaning}</th>
                <th safe>{t.common.example}</th>
                <th safe>{t.common.level}</th>
              </tr>
            </thead>
            <tbody>
              {props.items.map((item, i) => (
                <tr>
                  <td>
                    <input
                      type="checkbox"
                      name="word"
                      id={`word-${i}`}
                      value={JSON.stringify([item.display, item.translation_display, item.example.text, item.example.translation])}
                      checked={props.inDeck?.has(item.display)}
                      aria-label={t.review.pickWord(item.display)}
                    />
                  </td>
                  <td lang={q.target}>
                    <strong safe>{item.display}</strong>
                    <ListenButton t={t} text={item.display} lang={q.target} />
                    {item.plural_display ? (
                      <div class="muted" safe>
                        {item.plural_display}
                      </div>
                    ) : (
                      ""
                    )}
                  </td>
                  <td lang={q.source} safe>{item.translation_display}</td>
                  <td>
                    <div lang={q.target} safe>{item.example.text}</div>
                    <div class="muted" lang={q.source} safe>
                      {item.example.translation}
                    </div>
                  </td>
                  <td>{item.cefr}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div class="actions">
            <button type="submit" safe>
              {t.review.addChosen}
            </button>
          </div>
          </form>
        </section>
      ) : (
        ""
      )}
      <ListHistory t={t} lists={props.history ?? []} topics={props.topics} current={props.past?.id} />
    </Layout>
  );
}

/** The learner's past lists (learning/list-history.ts), each shown again from what was stored, without the engine or credits. */
function ListHistory(props: { t: UiText; lists: PastList[]; topics: { id: string; name: string }[]; current?: string | null }) {
  const { t } = props;
  if (props.lists.length === 0) return "";
  const topicName = (topic: string) => props.topics.find((x) => x.id === topic)?.name ?? topic;
  return (
    <section aria-labelledby="history-heading" data-testid="learn-history">
      <h2 id="history-heading" safe>{t.learn.history}</h2>
      <ul>
        {props.lists.map((list) => (
          <li data-list-id={list.id}>
            <a href={`/learn/lists/${encodeURIComponent(list.id)}`} aria-current={props.current === list.id ? "page" : undefined} safe>
              {list.topic ? topicName(list.topic) : t.learn.anyTopic}
            </a>{" "}
            <span class="muted" safe>
              {t.lessons.langsLevel(langName(t, list.sourceLang), langName(t, list.targetLang), list.level)}
            </span>{" "}
            <span class="muted" safe>
              {`· ${t.learn.words(list.items.length)} · ${new Date(list.createdAt).toISOString().slice(0, 10)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

