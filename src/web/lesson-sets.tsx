// The sets of a lesson plan as HTML (generation/model.ts): overview, grammar, exercises answered in
// the page and checked against the keys, the role-play that opens the tutor, and the exit check.
// Every form works without JavaScript (a POST, then the plan again at the set's anchor); results
// say right or wrong in words, not only in colour.
import type { ExercisesSet, Exercise, ExitCheckSet, GrammarSet, LessonSet, OverviewSet, RolePlaySet } from "../generation/model.ts";
import type { Attempt, ExitAttempt, ItemResult } from "../learning/answer-check.ts";
import { exerciseKey } from "../learning/lesson-progress.ts";
import type { LessonAttempts } from "../learning/schema.ts";
import { CsrfField } from "./layout.tsx";

export interface SetContext {
  planId: string;
  csrf: string;
  sourceLang: string;
  targetLang: string;
  attempts: LessonAttempts;
  /** The tutor conversation this plan's role-play started, if any. */
  conversationId: string | null;
  /** What one tutor message costs, shown before it is spent. */
  tutorCost: number;
}

export const setAnchor = (index: number) => `set-${index}`;
export const exerciseAnchor = (setIndex: number, exerciseIndex: number) => `set-${setIndex}-ex-${exerciseIndex}`;

function Result(props: { result: ItemResult | undefined }) {
  const r = props.result;
  if (!r) return "";
  return (
    <p class={r.correct ? "result ok" : "result wrong"} data-result={r.correct ? "right" : "wrong"}>
      <strong>{r.correct ? "Right." : "Not quite."}</strong> {r.correct ? "" : <span safe>{`Answer: ${r.expected}.`}</span>} <span class="muted" safe>{r.why}</span>
    </p>
  );
}

function Score(props: { attempt: Attempt | undefined; id: string }) {
  if (!props.attempt) return "";
  return (
    <p class="score" id={props.id} role="status" safe>
      {`${props.attempt.score} of ${props.attempt.total} right`}
    </p>
  );
}

function Overview(props: { set: OverviewSet; ctx: SetContext }) {
  const { set, ctx } = props;
  return (
    <>
      <h3>Objectives</h3>
      <ul>
        {set.objectives.map((o) => (
          <li safe>{o.can_do}</li>
        ))}
      </ul>
      <h3>Vocabulary</h3>
      <p class="hint">These words are in your review deck.</p>
      <table>
        <thead>
          <tr>
            <th>Word</th>
            <th>Meaning</th>
            <th>Example</th>
          </tr>
        </thead>
        <tbody>
          {set.vocabulary.map((v) => (
            <tr>
              <td lang={ctx.targetLang}>
                <strong safe>{v.display}</strong>
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
      <h3>Phrases</h3>
      <ul>
        {set.phrases.map((p) => (
          <li>
            <strong lang={ctx.targetLang} safe>
              {p.text}
            </strong>{" "}
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
  const p = props.set.point;
  return (
    <>
      <h3 safe>{p.title}</h3>
      <dl>
        <dt>Form</dt>
        <dd safe>{p.form}</dd>
        <dt>Meaning</dt>
        <dd safe>{p.meaning}</dd>
        <dt>Use</dt>
        <dd safe>{p.use}</dd>
      </dl>
      <h4>Examples</h4>
      <ul>
        {p.examples.map((e) => (
          <li lang={props.ctx.targetLang} safe>
            {e}
          </li>
        ))}
      </ul>
      {p.common_errors.length ? (
        <>
          <h4>Common mistakes</h4>
          <ul>
            {p.common_errors.map((e) => (
              <li>
                <s safe>{e.wrong}</s> → <strong safe>{e.right}</strong> <span class="muted" safe>{e.note}</span>
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

function ExerciseFields(props: { exercise: Exercise; id: string; attempt: Attempt | undefined; ctx: SetContext }) {
  const { exercise: ex, id, attempt } = props;
  const given = (i: number) => attempt?.items[i]?.given ?? "";
  switch (ex.type) {
    case "matching":
      return (
        <>
          {ex.left.map((left, i) => (
            <div class="item">
              <label for={`${id}-a${i}`} lang={props.ctx.targetLang} safe>
                {left.text}
              </label>
              <select id={`${id}-a${i}`} name={`a${i}`}>
                <option value="">Choose…</option>
                {ex.right.map((r) => (
                  <option value={r.key} selected={given(i) === r.text} safe>
                    {r.text}
                  </option>
                ))}
              </select>
              <Result result={attempt?.items[i]} />
            </div>
          ))}
        </>
      );
    case "gap_fill":
      return (
        <>
          <p class="word-bank" lang={props.ctx.targetLang}>
            {ex.word_bank.map((w) => (
              <span class="tag" safe>
                {w}
              </span>
            ))}
          </p>
          {ex.items.map((item, i) => (
            <div class="item">
              <label for={`${id}-a${i}`}>
                <span lang={props.ctx.targetLang} safe>
                  {item.prompt}
                </span>{" "}
                <span class="muted" lang={props.ctx.sourceLang} safe>
                  {`(${item.hint})`}
                </span>
              </label>
              <input type="text" id={`${id}-a${i}`} name={`a${i}`} value={given(i)} maxlength="200" autocomplete="off" lang={props.ctx.targetLang} />
              <Result result={attempt?.items[i]} />
            </div>
          ))}
        </>
      );
    case "translation":
      return (
        <>
          {ex.items.map((item, i) => (
            <div class="item">
              <label for={`${id}-a${i}`} lang={ex.direction === "to_target" ? props.ctx.sourceLang : props.ctx.targetLang} safe>
                {item.prompt}
              </label>
              <input type="text" id={`${id}-a${i}`} name={`a${i}`} value={given(i)} maxlength="300" autocomplete="off" lang={ex.direction === "to_target" ? props.ctx.targetLang : props.ctx.sourceLang} />
              <Result result={attempt?.items[i]} />
            </div>
          ))}
        </>
      );
    case "dialogue_order":
      return (
        <>
          {ex.lines.map((line, i) => (
            <div class="item">
              <label for={`${id}-a${i}`}>
                <span class="muted" >{line.speaker === "npc" ? "Partner: " : "You: "}</span>
                <span lang={props.ctx.targetLang} safe>
                  {line.text}
                </span>
              </label>
              <select id={`${id}-a${i}`} name={`a${i}`} class="position">
                <option value="">Line…</option>
                {ex.lines.map((_, n) => (
                  <option value={String(n + 1)} selected={given(i) === String(n + 1)} safe>
                    {`Line ${n + 1}`}
                  </option>
                ))}
              </select>
              <Result result={attempt?.items[i]} />
            </div>
          ))}
        </>
      );
    case "choose_correct":
      return (
        <>
          {ex.items.map((item, i) => (
            <fieldset class="item">
              <legend safe>{`Sentence ${i + 1}`}</legend>
              {item.options.map((o, n) => (
                <label for={`${id}-a${i}-o${n}`}>
                  <input type="radio" id={`${id}-a${i}-o${n}`} name={`a${i}`} value={o} checked={given(i) === o} />
                  <span lang={props.ctx.targetLang} safe>
                    {o}
                  </span>
                </label>
              ))}
              <Result result={attempt?.items[i]} />
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
          <form method="post" action={`/lessons/${encodeURIComponent(ctx.planId)}/exercises/${set.index}/${i}`} class="exercise" id={id} data-exercise={ex.type} aria-labelledby={`${id}-title`}>
            <CsrfField csrf={ctx.csrf} />
            <h3 id={`${id}-title`} safe>{`${i + 1}. ${ex.instructions}`}</h3>
            <ExerciseFields exercise={ex} id={id} attempt={attempt} ctx={ctx} />
            <div class="actions">
              <button type="submit">{attempt ? "Check again" : "Check"}</button>
              <Score attempt={attempt} id={`${id}-score`} />
            </div>
          </form>
        );
      })}
    </>
  );
}

function RolePlay(props: { set: RolePlaySet; ctx: SetContext }) {
  const { set, ctx } = props;
  return (
    <>
      <p safe>{set.setting}</p>
      <p>
        <strong>Goal:</strong> <span safe>{set.goal}</span>
      </p>
      <details>
        <summary safe>{`The conversation with ${set.npc.name} (${set.steps.length} steps)`}</summary>
        <ol>
          {set.steps.map((step) => (
            <li>
              <span class="muted">You: </span>
              <span lang={ctx.targetLang} safe>
                {step.learner_options.map((o) => o.text).join(" / ")}
              </span>
              <br />
              <span class="muted" safe>{`${set.npc.name}: `}</span>
              <span lang={ctx.targetLang} safe>
                {step.npc.text}
              </span>
            </li>
          ))}
        </ol>
      </details>
      <div class="actions">
        {ctx.conversationId ? (
          <a class="button" href={`/tutor/${encodeURIComponent(ctx.conversationId)}`} safe>
            {`Go on talking with ${set.npc.name}`}
          </a>
        ) : (
          <a class="button" href={`/tutor?plan=${encodeURIComponent(ctx.planId)}`} safe>
            {`Talk with ${set.npc.name} in the tutor`}
          </a>
        )}
        <span class="hint" safe>{`Each message to the tutor costs ${ctx.tutorCost} credit${ctx.tutorCost === 1 ? "" : "s"}.`}</span>
      </div>
    </>
  );
}

function ExitCheck(props: { set: ExitCheckSet; ctx: SetContext }) {
  const { set, ctx } = props;
  const attempt: ExitAttempt | null = ctx.attempts.exit;
  const given = (i: number) => attempt?.items[i]?.given ?? "";
  return (
    <form method="post" action={`/lessons/${encodeURIComponent(ctx.planId)}/exit`} id="exit-check" aria-labelledby={`${setAnchor(set.index)}-title`}>
      <CsrfField csrf={ctx.csrf} />
      {attempt ? (
        <p class={attempt.passed ? "flash ok" : "flash error"} role="status" data-testid="exit-score" safe>
          {`Your score: ${attempt.score} of ${attempt.total} — ${attempt.passed ? "passed" : `${attempt.passMark} needed to pass; try again`}.`}
        </p>
      ) : (
        <p class="hint" safe>{`${set.pass_mark} of ${set.questions.length} right to pass.`}</p>
      )}
      {set.questions.map((q, i) => {
        const id = `exit-q${i}`;
        if (q.type === "choose_translation" || q.type === "choose_correct")
          return (
            <fieldset class="item">
              <legend safe>{`${i + 1}. ${q.prompt}`}</legend>
              {q.options.map((o, n) => (
                <label for={`${id}-o${n}`}>
                  <input type="radio" id={`${id}-o${n}`} name={`q${i}`} value={o} checked={given(i) === o} />
                  <span safe>{o}</span>
                </label>
              ))}
              <Result result={attempt?.items[i]} />
            </fieldset>
          );
        return (
          <div class="item">
            <label for={id}>
              {q.type === "gap_fill" ? (
                <>
                  <span lang={ctx.targetLang} safe>{`${i + 1}. ${q.prompt}`}</span>{" "}
                  <span class="muted" safe>{`(${q.hint})`}</span>
                </>
              ) : (
                <span safe>{`${i + 1}. ${q.situation}`}</span>
              )}
            </label>
            <input type="text" id={id} name={`q${i}`} value={given(i)} maxlength="300" autocomplete="off" lang={ctx.targetLang} />
            <Result result={attempt?.items[i]} />
          </div>
        );
      })}
      <div class="actions">
        <button type="submit">{attempt ? "Check again" : "Finish the lesson"}</button>
      </div>
      <h3>Can you now…</h3>
      <ul>
        {set.self_check.map((s) => (
          <li safe>{s}</li>
        ))}
      </ul>
    </form>
  );
}

export function LessonSetSection(props: { set: LessonSet; ctx: SetContext }) {
  const { set, ctx } = props;
  const id = setAnchor(set.index);
  return (
    <section class="card lesson-set" id={id} aria-labelledby={`${id}-title`} data-set-kind={set.kind} data-set-index={String(set.index)}>
      <h2 id={`${id}-title`} safe>
        {set.title}
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
