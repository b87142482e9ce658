// The learner's page: pick two languages, a level and a topic, get a vocabulary list from the
// engine. Server-rendered; the list is a plain table that works without JavaScript.
import type { VocabItem } from "../generation/model.ts";
import { CsrfField, Layout, type Flash, type LayoutUser } from "./layout.tsx";

export const LEARN_LANGS: { code: string; name: string }[] = [
  { code: "en", name: "English" },
  { code: "es", name: "Spanish" },
  { code: "fr", name: "French" },
  { code: "de", name: "German" },
  { code: "it", name: "Italian" },
  { code: "pt-BR", name: "Portuguese (Brazil)" },
];
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
export function readLanguagePair(read: (name: string) => string | undefined): { source: string; target: string; level: number } {
  const lang = (v: string | undefined, fallback: string) => (LEARN_LANGS.some((l) => l.code === v) ? (v as string) : fallback);
  const level = Number(read("level"));
  return { source: lang(read("source"), "en"), target: lang(read("target"), "es"), level: Number.isInteger(level) && level >= 1 && level <= 9 ? level : 1 };
}

/** A language code in words ("es" → Spanish). */
export const langName = (code: string) => LEARN_LANGS.find((l) => l.code === code)?.name ?? code;

/** A labelled language picker: one of the languages Parla teaches. */
export function LangSelect(props: { id: string; name: string; label: string; value: string }) {
  return (
    <>
      <label for={props.id} safe>
        {props.label}
      </label>
      <select id={props.id} name={props.name}>
        {LEARN_LANGS.map((l) => (
          <option value={l.code} selected={l.code === props.value} safe>
            {l.name}
          </option>
        ))}
      </select>
    </>
  );
}

export function LearnPage(props: { user: LayoutUser; query: LearnQuery; items: VocabItem[] | null; error?: string | null; saved?: number | null; flash?: Flash | null; topics: { id: string; name: string }[] }) {
  const q = props.query;
  return (
    <Layout title="Learn" nav="learn" user={props.user} flash={props.flash}>
      <h1>Learn</h1>
      <form method="post" action="/learn" class="card">
        <CsrfField csrf={props.user.csrf} />
        <LangSelect id="source" name="source" label="I speak" value={q.source} />
        <LangSelect id="target" name="target" label="I am learning" value={q.target} />
        <label for="level">Level</label>
        <select id="level" name="level">
          {LEVELS.map((label, i) => (
            <option value={String(i + 1)} selected={q.level === i + 1} safe>
              {`${i + 1} · ${label}`}
            </option>
          ))}
        </select>
        <label for="topic">Topic or scene (optional)</label>
        <input type="text" id="topic" name="topic" list="topic-list" value={q.topic} maxlength="160" placeholder="e.g. a busy fish market at dawn" />
        <datalist id="topic-list">
          {props.topics.map((t) => (
            <option value={t.id} safe>
              {t.name}
            </option>
          ))}
        </datalist>
        <div class="actions">
          <button type="submit">
            Show vocabulary
          </button>
          <span class="hint">A list costs 3 credits of your allowance.</span>
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
          <h2 id="vocab-heading" safe>{`${props.items.length} words`}</h2>
          {props.saved !== null && props.saved !== undefined ? (
            <p class="flash ok" role="status" data-testid="saved-to-deck">
              <span safe>{props.saved === 0 ? "These words are already in your review deck." : `${props.saved} new ${props.saved === 1 ? "word" : "words"} added to your review deck, both ways round.`}</span>{" "}
              <a href="/review">Review now</a>
            </p>
          ) : (
            ""
          )}
          <table>
            <thead>
              <tr>
                <th>Word</th>
                <th>Meaning</th>
                <th>Example</th>
                <th>Level</th>
              </tr>
            </thead>
            <tbody>
              {props.items.map((item) => (
                <tr>
                  <td>
                    <strong safe>{item.display}</strong>
                    {item.plural_display ? (
                      <div class="muted" safe>
                        {item.plural_display}
                      </div>
                    ) : (
                      ""
                    )}
                  </td>
                  <td safe>{item.translation_display}</td>
                  <td>
                    <div safe>{item.example.text}</div>
                    <div class="muted" safe>
                      {item.example.translation}
                    </div>
                  </td>
                  <td>{item.cefr}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        ""
      )}
    </Layout>
  );
}
