// The sets of a lesson plan as HTML (generation/model.ts): overview, grammar, exercises answered in
// the page and checked against the keys, the role-play that opens the tutor, and the exit check.
// Every form works without JavaScript (a POST, then the plan again at the set's anchor); results
// say right or wrong in words, not only in colour. The page's own words are the learner's language
// (ctx.t); the plan's content carries `lang` for the language it is written in.
import type { PropsWithChildren } from "@kitajs/html";
import type { ExercisesSet, Exercise, ExitCheckSet, GrammarSet, LessonSet, OverviewSet, RolePlaySet } from "../generation/model.ts";
import { seededRandom } from "../generation/builtin/seeded-random.ts";
import { normaliseAnswer, type AnswerNote, type Attempt, type ExitAttempt, type ItemResult } from "../learning/answer-check.ts";
import { exerciseKey } from "../learning/lesson-progress.ts";
import type { LessonAttempts } from "../learning/schema.ts";
import { CsrfField } from "./layout.tsx";
import { ListenButton } from "./listen-button.tsx";
import type { UiText } from "./ui-text/index.ts";

export interface SetContext {
  t: UiText;
  planId: string;
  csrf: string;
  sourceLang: string;
  targetLang: string;
  /** The plan's level: the next lesson offered after a passed exit check starts from it. */
  level: number;
  attempts: LessonAttempts;
  /** The tutor conversation this plan's role-play started, if any. */
  conversationId: string | null;
  /** What one tutor message costs, shown before it is spent. */
  tutorCost: number;
  /** The lesson's words that are in the learner's deck (the others were left out); absent: no choice offered. */
  inDeck?: Set<string>;
}

export const setAnchor = (index: number) => `set-${index}`;
export const exerciseAnchor = (setIndex: number, exerciseIndex: number) => `set-${setIndex}-ex-${exerciseIndex}`;

/** Plan text as shown: no empty "()", no dangling dash, no doubled full stop (whatever the plan wrote). */
export function tidy(text: string): string {
  return text
    .replace(/\s*\(\s*\)/g, "")
    .replace(/\s*[—–-]\s*$/u, "")
    .replace(/([!?…])\.+/gu, "$1")
    .replace(/(^|[^.])\.\.(?!\.)/g, "$1.")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** The note on an answer accepted as a near miss, in the learner's language. */
function noteText(t: UiText, note: AnswerNote): string {
  return t.lesson.note[note.kind](note.right);
}

/** One item's result: right (with a note for a near miss), wrong with the key's answer and why, or not answered. */
function Result(props: PropsWithChildren<{ t: UiText; result: ItemResult | undefined; answerLang?: string }>) {
  const { t } = props;
  const r = props.result;
  if (!r) return "";
  if (r.skipped) {
    return (
      <p class="result skipped" data-result="skipped" safe>
        {t.lesson.notAnswered}
      </p>
    );
  }
  if (r.correct) {
    return (
      <p class="result ok" data-result="right">
        <strong safe>{t.lesson.right}</strong>
        {r.note ? (
          <>
            {" "}
            <span class="note" data-note={r.note.kind} safe>
              {noteText(t, r.note)}
            </span>
          </>
        ) : (
          ""
        )}
      </p>
    );
  }
  return (
    <p class="result wrong" data-result="wrong">
      <strong safe>{t.lesson.notQuite}</strong>{" "}
      <span lang={props.answerLang} safe>
        {t.lesson.answer(tidy(r.expected))}
      </span>{" "}
      <span class="muted why">{props.children}</span>
    </p>
  );
}

function Score(props: { t: UiText; attempt: Attempt | undefined; id: string }) {
  if (!props.attempt) return "";
  return (
    <p class="score" id={props.id} role="status" safe>
      {props.t.lesson.score(props.attempt.score, props.attempt.total)}
    </p>
  );
}

/** A sentence with its gap filled, then the hint when there is one (never an empty "()"). */
function Filled(props: { prompt: string; answer: string; hint: string; ctx: SetContext }) {
  const hint = props.hint.trim();
  return (
    <>
      <span lang={props.ctx.targetLang} safe>
        {tidy(props.prompt.replace("____", props.answer))}
      </span>
      {hint ? (
        <>
          {" "}
          <span lang={props.ctx.sourceLang} safe>{`(${hint})`}</span>
        </>
      ) : (
        ""
      )}
    </>
  );
}

/** The learner's choice of which of the lesson's words they review: all ticked at first. */
function LessonDeckChoice(props: { set: OverviewSet; ctx: SetContext; inDeck: Set<string> }) {
  const { ctx } = props;
  const r = ctx.t.review;
  return (
    <form method="post" action={`/lessons/${encodeURIComponent(ctx.planId)}/deck`} class="choose-words" data-testid="lesson-deck">
      <CsrfField csrf={ctx.csrf} />
      <fieldset>
        <legend safe>{r.lessonWords}</legend>
        <p class="hint" safe>
          {r.lessonWordsHint}
        </p>
        {props.set.vocabulary.map((v, i) => (
          <div>
            <input type="checkbox" name="keep" id={`keep-${props.set.index}-${i}`} value={v.display} checked={props.inDeck.has(v.display)} />{" "}
            <label for={`keep-${props.set.index}-${i}`} lang={ctx.targetLang} safe>
              {v.display}
            </label>
          </div>
        ))}
      </fieldset>
      <div class="actions">
        <button type="submit" class="secondary" safe>
          {r.saveChoice}
        </button>
      </div>
    </form>
  );
}

function Overview(props: { set: OverviewSet; ctx: SetContext }) {
  const { set, ctx } = props;
  const l = ctx.t.lesson;
  return (
    <>
      <h3 safe>{l.objectives}</h3>
      <ul>
        {set.objectives.map((o) => (
          <li lang={ctx.sourceLang} safe>
            {o.can_do}
          </li>
        ))}
      </ul>
      <h3 safe>{l.vocabulary}</h3>
      <p class="hint" safe>
        {l.inDeck}
      </p>
      <table>
        <thead>
          <tr>
            <th safe>{ctx.t.common.word}</th>
            <th safe>{ctx.t.common.meaning}</th>
            <th safe>{ctx.t.common.example}</th>
          </tr>
        </thead>
        <tbody>
          {set.vocabulary.map((v) => (
            <tr>
              <td lang={ctx.targetLang}>
                <strong safe>{v.display}</strong>
                <ListenButton t={ctx.t} text={v.display} lang={ctx.targetLang} />
              </td>
              <td lang={ctx.sourceLang} safe>
                {v.translation_display}
              </td>
              <td>
                <div lang={ctx.targetLang} safe>
                  {v.example.text}
                </div>
                <div class="muted" lang={ctx.sourceLang} safe>
                  {v.example.translation}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {ctx.inDeck ? <LessonDeckChoice set={set} ctx={ctx} inDeck={ctx.inDeck} /> : ""}
      <h3 safe>{l.phrases}</h3>
      <ul>
        {set.phrases.map((p) => (
          <li>
            <strong lang={ctx.targetLang} safe>
              {p.text}
            </strong>
            <ListenButton t={ctx.t} text={p.text} lang={ctx.targetLang} />{" "}
            <span class="muted" lang={ctx.sourceLang} safe>
              {p.translation}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Grammar(props: { set: GrammarSet; ctx: SetContext }) {
  const { ctx } = props;
  const l = ctx.t.lesson;
  const p = props.set.point;
  // The explanation is marked with the language it is written in (explanation_lang).
  const explained = props.set.explanation_lang;
  return (
    <>
      <h3 lang={explained} safe>
        {tidy(p.title)}
      </h3>
      <dl lang={explained}>
        <dt lang={ctx.t.layout.lang} safe>
          {l.form}
        </dt>
        <dd safe>{p.form}</dd>
        <dt lang={ctx.t.layout.lang} safe>
          {l.meaning}
        </dt>
        <dd safe>{p.meaning}</dd>
        <dt lang={ctx.t.layout.lang} safe>
          {l.use}
        </dt>
        <dd safe>{p.use}</dd>
      </dl>
      <h4 safe>{l.examples}</h4>
      <ul>
        {p.examples.map((e) => (
          <li lang={ctx.targetLang} safe>
            {e}
          </li>
        ))}
      </ul>
      {p.common_errors.length ? (
        <>
          <h4 safe>{l.commonMistakes}</h4>
          <ul>
            {p.common_errors.map((e) => (
              <li>
                <s lang={ctx.targetLang} safe>
                  {e.wrong}
                </s>{" "}
                → <strong lang={ctx.targetLang} safe>{e.right}</strong>{" "}
                <span class="muted" lang={explained} safe>
                  {e.note}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        ""
      )}
    </>
  );
}

/** A shuffle that stays put for one plan's exercise (a reload shows the same order): seeded Fisher–Yates. */
const shuffled = <T,>(items: readonly T[], seed: string): T[] => seededRandom(seed).shuffle(items);

/** The word bank once per word (case and punctuation aside), in a shuffled order. */
function wordBank(words: string[], seed: string): string[] {
  const seen = new Set<string>();
  const unique = words.filter((w) => {
    const n = normaliseAnswer(w);
    if (n === "" || seen.has(n)) return false;
    seen.add(n);
    return true;
  });
  return shuffled(unique, seed);
}

function ExerciseFields(props: { exercise: Exercise; id: string; attempt: Attempt | undefined; ctx: SetContext }) {
  const { exercise: ex, id, attempt, ctx } = props;
  const { t } = ctx;
  const l = t.lesson;
  const given = (i: number) => attempt?.items[i]?.given ?? "";
  const seed = `${ctx.planId}/${id}`;
  switch (ex.type) {
    case "matching": {
      const options = shuffled(ex.right, seed);
      return (
        <>
          {ex.left.map((left, i) => (
            <div class="item">
              <label for={`${id}-a${i}`} lang={ctx.targetLang} safe>
                {left.text}
              </label>
              <select id={`${id}-a${i}`} name={`a${i}`}>
                <option value="" safe>
                  {l.choose}
                </option>
                {options.map((r) => (
                  <option value={r.key} selected={given(i) === r.text} lang={ctx.sourceLang} safe>
                    {r.text}
                  </option>
                ))}
              </select>
              <Result t={t} result={attempt?.items[i]} answerLang={ctx.sourceLang}>
                <span lang={ctx.targetLang} safe>
                  {l.means(left.text, attempt?.items[i]?.expected ?? "")}
                </span>
              </Result>
            </div>
          ))}
        </>
      );
    }
    case "gap_fill":
      return (
        <>
          <p class="word-bank" lang={ctx.targetLang} aria-label={l.wordBank}>
            {wordBank(ex.word_bank, seed).map((w) => (
              <span class="tag" safe>
                {w}
              </span>
            ))}
          </p>
          {ex.items.map((item, i) => (
            <div class="item">
              <label for={`${id}-a${i}`}>
                <span lang={ctx.targetLang} safe>
                  {tidy(item.prompt)}
                </span>
                {item.hint.trim() ? (
                  <>
                    {" "}
                    <span class="muted" lang={ctx.sourceLang} safe>
                      {`(${item.hint.trim()})`}
                    </span>
                  </>
                ) : (
                  ""
                )}
              </label>
              <input type="text" id={`${id}-a${i}`} name={`a${i}`} value={given(i)} maxlength="200" autocomplete="off" autocapitalize="off" spellcheck="false" lang={ctx.targetLang} />
              <Result t={t} result={attempt?.items[i]} answerLang={ctx.targetLang}>
                <Filled prompt={item.prompt} answer={item.answer} hint={item.hint} ctx={ctx} />
              </Result>
            </div>
          ))}
        </>
      );
    case "translation": {
      const promptLang = ex.direction === "to_target" ? ctx.sourceLang : ctx.targetLang;
      const answerLang = ex.direction === "to_target" ? ctx.targetLang : ctx.sourceLang;
      return (
        <>
          {ex.items.map((item, i) => (
            <div class="item">
              <label for={`${id}-a${i}`} lang={promptLang} safe>
                {tidy(item.prompt)}
              </label>
              <input type="text" id={`${id}-a${i}`} name={`a${i}`} value={given(i)} maxlength="300" autocomplete="off" autocapitalize="off" spellcheck="false" lang={answerLang} />
              <Result t={t} result={attempt?.items[i]} answerLang={answerLang}>
                <span lang={promptLang} safe>
                  {l.translates(tidy(item.prompt), tidy(item.answer))}
                </span>
              </Result>
            </div>
          ))}
        </>
      );
    }
    case "dialogue_order":
      // Without JavaScript each line gets its position from a list; with it (browser-script.ts) the
      // learner taps the lines in order instead, and the script fills in these same fields.
      return (
        <div class="order" data-order data-order-help={l.orderHelp} data-order-mine={l.yourOrder} data-order-left={l.linesLeft} data-order-clear={l.clear}>
          {ex.lines.map((line, i) => (
            <div class="item" data-order-line={String(i)}>
              <label for={`${id}-a${i}`}>
                <span class="muted" safe>{`${line.speaker === "npc" ? l.partner : l.you} `}</span>
                <span lang={ctx.targetLang} data-order-text safe>
                  {line.text}
                </span>
              </label>
              <select id={`${id}-a${i}`} name={`a${i}`} class="position">
                <option value="" safe>
                  {l.line}
                </option>
                {ex.lines.map((_, n) => (
                  <option value={String(n + 1)} selected={given(i) === String(n + 1)} safe>
                    {l.lineN(n + 1)}
                  </option>
                ))}
              </select>
              <Result t={t} result={attempt?.items[i]}>
                <span lang={ctx.targetLang} safe>
                  {l.lineOf(line.text, attempt?.items[i]?.expected ?? "")}
                </span>
              </Result>
            </div>
          ))}
        </div>
      );
    case "choose_correct":
      return (
        <>
          {ex.items.map((item, i) => (
            <fieldset class="item">
              <legend safe>{l.sentence(i + 1)}</legend>
              {item.options.map((o, n) => (
                <label for={`${id}-a${i}-o${n}`}>
                  <input type="radio" id={`${id}-a${i}-o${n}`} name={`a${i}`} value={o} checked={given(i) === o} />
                  <span lang={ctx.targetLang} safe>
                    {o}
                  </span>
                </label>
              ))}
              <Result t={t} result={attempt?.items[i]} answerLang={ctx.targetLang}>
                <span lang={ctx.sourceLang} safe>
                  {tidy(item.explanation)}
                </span>
              </Result>
            </fieldset>
          ))}
        </>
      );
  }
}

function Exercises(props: { set: ExercisesSet; ctx: SetContext }) {
  const { set, ctx } = props;
  return (
    <>
      {set.exercises.map((ex, i) => {
        const id = exerciseAnchor(set.index, i);
        const attempt = ctx.attempts.exercises[exerciseKey(set.index, i)];
        return (
          <form method="post" action={`/lessons/${encodeURIComponent(ctx.planId)}/exercises/${set.index}/${i}`} class="exercise" id={id} data-exercise={ex.type} data-check aria-labelledby={`${id}-title`}>
            <CsrfField csrf={ctx.csrf} />
            <h3 id={`${id}-title`} lang={ctx.sourceLang} safe>{`${i + 1}. ${tidy(ex.instructions)}`}</h3>
            <ExerciseFields exercise={ex} id={id} attempt={attempt} ctx={ctx} />
            <div class="actions">
              <button type="submit" safe>
                {attempt ? ctx.t.lesson.checkAgain : ctx.t.lesson.check}
              </button>
              <Score t={ctx.t} attempt={attempt} id={`${id}-score`} />
            </div>
          </form>
        );
      })}
    </>
  );
}

function RolePlay(props: { set: RolePlaySet; ctx: SetContext }) {
  const { set, ctx } = props;
  const l = ctx.t.lesson;
  return (
    <>
      <p lang={ctx.sourceLang} safe>
        {set.setting}
      </p>
      <p>
        <strong safe>{l.goal}</strong>{" "}
        <span lang={ctx.sourceLang} safe>
          {set.goal}
        </span>
      </p>
      <details>
        <summary safe>{l.conversationWith(set.npc.name, set.steps.length)}</summary>
        <ol>
          {set.steps.map((step) => (
            <li>
              <span class="muted" safe>{`${l.you} `}</span>
              <span lang={ctx.targetLang} safe>
                {step.learner_options.map((o) => o.text).join(" / ")}
              </span>
              <br />
              <span class="muted" safe>{`${set.npc.name}: `}</span>
              <span lang={ctx.targetLang} safe>
                {step.npc.text}
              </span>
              <ListenButton t={ctx.t} text={step.npc.text} lang={ctx.targetLang} />
            </li>
          ))}
        </ol>
      </details>
      <div class="actions">
        {ctx.conversationId ? (
          <a class="button" href={`/tutor/${encodeURIComponent(ctx.conversationId)}`} safe>
            {l.goOnTalking(set.npc.name)}
          </a>
        ) : (
          <a class="button" href={`/tutor?plan=${encodeURIComponent(ctx.planId)}`} safe>
            {l.talkWith(set.npc.name)}
          </a>
        )}
        <span class="hint" safe>
          {l.tutorCost(ctx.tutorCost)}
        </span>
      </div>
    </>
  );
}

function ExitCheck(props: { set: ExitCheckSet; ctx: SetContext }) {
  const { set, ctx } = props;
  const { t } = ctx;
  const l = t.lesson;
  const attempt: ExitAttempt | null = ctx.attempts.exit;
  const given = (i: number) => attempt?.items[i]?.given ?? "";
  return (
    <form method="post" action={`/lessons/${encodeURIComponent(ctx.planId)}/exit`} id="exit-check" data-check aria-labelledby={`${setAnchor(set.index)}-title`}>
      <CsrfField csrf={ctx.csrf} />
      {attempt ? (
        <p class={attempt.passed ? "flash ok" : "flash error"} role="status" data-testid="exit-score" safe>
          {l.yourScore(attempt.score, attempt.total, attempt.passed, attempt.passMark)}
        </p>
      ) : (
        <p class="hint" safe>
          {l.toPass(set.pass_mark, set.questions.length)}
        </p>
      )}
      {set.questions.map((q, i) => {
        const id = `exit-q${i}`;
        if (q.type === "choose_translation" || q.type === "choose_correct") {
          const optionLang = q.type === "choose_translation" ? ctx.sourceLang : ctx.targetLang;
          return (
            <fieldset class="item">
              <legend lang={ctx.sourceLang} safe>{`${i + 1}. ${tidy(q.prompt)}`}</legend>
              {q.options.map((o, n) => (
                <label for={`${id}-o${n}`}>
                  <input type="radio" id={`${id}-o${n}`} name={`q${i}`} value={o} checked={given(i) === o} />
                  <span lang={optionLang} safe>
                    {o}
                  </span>
                </label>
              ))}
              <Result t={t} result={attempt?.items[i]} answerLang={optionLang} />
            </fieldset>
          );
        }
        return (
          <div class="item">
            <label for={id}>
              {q.type === "gap_fill" ? (
                <>
                  <span lang={ctx.targetLang} safe>{`${i + 1}. ${tidy(q.prompt)}`}</span>
                  {q.hint.trim() ? (
                    <>
                      {" "}
                      <span class="muted" lang={ctx.sourceLang} safe>{`(${q.hint.trim()})`}</span>
                    </>
                  ) : (
                    ""
                  )}
                </>
              ) : (
                <span lang={ctx.sourceLang} safe>{`${i + 1}. ${tidy(q.situation)}`}</span>
              )}
            </label>
            <input type="text" id={id} name={`q${i}`} value={given(i)} maxlength="300" autocomplete="off" autocapitalize="off" spellcheck="false" lang={ctx.targetLang} />
            <Result t={t} result={attempt?.items[i]} answerLang={ctx.targetLang}>
              {q.type === "gap_fill" ? (
                <Filled prompt={q.prompt} answer={q.answer} hint={q.hint} ctx={ctx} />
              ) : (
                <span lang={ctx.targetLang} safe>
                  {l.goodAnswer(tidy(q.model_answer))}
                </span>
              )}
            </Result>
          </div>
        );
      })}
      <div class="actions">
        <button type="submit" safe>
          {attempt ? l.checkAgain : l.finish}
        </button>
      </div>
      {attempt?.passed ? (
        <p class="next-step" data-testid="exit-next">
          <span safe>{l.passedNext}</span>{" "}
          <a class="button" href={`/lessons?source=${encodeURIComponent(ctx.sourceLang)}&target=${encodeURIComponent(ctx.targetLang)}&level=${ctx.level}#new-lesson`} data-testid="next-lesson" safe>
            {l.nextLesson}
          </a>{" "}
          <a class="button secondary" href="/review" safe>
            {t.nav.review}
          </a>
        </p>
      ) : (
        ""
      )}
      <h3 safe>{l.canYouNow}</h3>
      <ul>
        {set.self_check.map((s) => (
          <li lang={ctx.sourceLang} safe>
            {s}
          </li>
        ))}
      </ul>
    </form>
  );
}

/**
 * The set's title as the plan writes it, except a grammar set explained in another language than
 * the learner's: its title would mix two ("Gramática: Future: going to and will"), so it is the
 * learner's word for grammar, and the point's own title follows under it with its language.
 */
function setTitle(set: LessonSet, ctx: SetContext): string {
  if (set.kind === "grammar" && set.explanation_lang !== ctx.sourceLang) return ctx.t.lessons.steps.grammar;
  return tidy(set.title);
}

export function LessonSetSection(props: { set: LessonSet; ctx: SetContext }) {
  const { set, ctx } = props;
  const id = setAnchor(set.index);
  return (
    <section class="card lesson-set" id={id} aria-labelledby={`${id}-title`} data-set-kind={set.kind} data-set-index={String(set.index)}>
      <h2 id={`${id}-title`} lang={ctx.sourceLang} safe>
        {setTitle(set, ctx)}
      </h2>
      {set.kind === "overview" ? (
        <Overview set={set} ctx={ctx} />
      ) : set.kind === "grammar" ? (
        <Grammar set={set} ctx={ctx} />
      ) : set.kind === "exercises" ? (
        <Exercises set={set} ctx={ctx} />
      ) : set.kind === "role_play" ? (
        <RolePlay set={set} ctx={ctx} />
      ) : (
        <ExitCheck set={set} ctx={ctx} />
      )}
    </section>
  );
}
