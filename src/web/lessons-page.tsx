// The Lessons pages: a form that creates a lesson plan, the learner's plans with their state and
// score, and one plan with its sets as they arrive (generating → partial → complete). The plan page
// is complete HTML at every moment: a reload shows what is ready; browser-script.ts adds the live
// part, appending each new set as the plan stream announces it.
import type { LessonSet, Npc } from "../generation/model.ts";
import { CsrfField, Layout, type Flash, type LayoutUser } from "./layout.tsx";
import { LangSelect, langName } from "./learn-page.tsx";
import { LessonSetSection, type SetContext } from "./lesson-sets.tsx";
import { lessonTitle, matchedTopicName } from "./lesson-title.ts";
import type { UiText } from "./ui-text/index.ts";

const LEVELS = ["A1", "A2", "A2+", "B1", "B1+", "B2", "B2+", "C1", "C2"];

/** The kinds of set a plan is made of, in order (generation/model.ts LessonSet): the progress steps. */
export const PLAN_STEPS: LessonSet["kind"][] = ["overview", "grammar", "exercises", "role_play", "exit_check"];

export type PlanState = "generating" | "partial" | "complete" | "failed";

export interface PlanForPage {
  id: string;
  status: PlanState;
  source_lang: string;
  target_lang: string;
  level: number;
  topic?: string;
  scene?: string;
  npc?: Npc;
  sets: LessonSet[];
}

export interface PlanListEntry {
  id: string;
  title: string;
  status: PlanState;
  sourceLang: string;
  targetLang: string;
  level: number;
  createdAt: number;
  /** The learner's exit check, when taken. */
  score: { score: number; total: number; passed: boolean } | null;
  started: boolean;
}

export interface LessonForm {
  source: string;
  target: string;
  level: number;
  about: string;
  kind: "topic" | "scene";
  npcName: string;
  npcPersona: string;
}

/** A plan's title on its page: web/lesson-title.ts. */
export const planTitle = (t: UiText, p: { topic?: string; scene?: string; sets?: LessonSet[] }) => lessonTitle(t, p, matchedTopicName(p.sets));

export function LessonsPage(props: { t: UiText; user: LayoutUser; flash?: Flash | null; form: LessonForm; error?: string | null; plans: PlanListEntry[]; planCost: number }) {
  const f = props.form;
  const { t } = props;
  const l = t.lessons;
  return (
    <Layout t={t} title={l.title} nav="lessons" user={props.user} flash={props.flash}>
      <h1 safe>{l.title}</h1>
      <form method="post" action="/lessons" class="card" aria-labelledby="new-lesson">
        <h2 id="new-lesson" safe>{l.newLesson}</h2>
        <CsrfField csrf={props.user.csrf} />
        <LangSelect t={t} id="source" name="source" label={t.common.iSpeak} value={f.source} />
        <LangSelect t={t} id="target" name="target" label={t.common.iLearn} value={f.target} />
        <label for="level" safe>{t.common.level}</label>
        <select id="level" name="level">
          {LEVELS.map((label, i) => (
            <option value={String(i + 1)} selected={f.level === i + 1} safe>
              {`${i + 1} · ${label}`}
            </option>
          ))}
        </select>
        <fieldset>
          <legend safe>{l.about}</legend>
          <label for="kind-topic">
            <input type="radio" id="kind-topic" name="kind" value="topic" checked={f.kind === "topic"} /> <span safe>{l.aTopic}</span>
          </label>
          <label for="kind-scene">
            <input type="radio" id="kind-scene" name="kind" value="scene" checked={f.kind === "scene"} /> <span safe>{l.aScene}</span>
          </label>
        </fieldset>
        <label for="about" safe>{l.topicOrScene}</label>
        <input type="text" id="about" name="about" value={f.about} maxlength="160" required aria-describedby={props.error ? "lesson-error" : undefined} />
        <label for="npc-name" safe>{l.npcName}</label>
        <input type="text" id="npc-name" name="npc_name" value={f.npcName} maxlength="32" />
        <label for="npc-persona" safe>{l.npcPersona}</label>
        <input type="text" id="npc-persona" name="npc_persona" value={f.npcPersona} maxlength="120" placeholder={l.npcPersonaPlaceholder} />
        {props.error ? (
          <p class="field-error" id="lesson-error" role="alert" safe>
            {props.error}
          </p>
        ) : (
          ""
        )}
        <div class="actions">
          <button type="submit" safe>{l.create}</button>
          <span class="hint" safe>{l.cost(props.planCost)}</span>
        </div>
      </form>
      <section aria-labelledby="my-lessons">
        <h2 id="my-lessons" safe>{l.mine}</h2>
        {props.plans.length === 0 ? (
          <p class="muted" safe>{l.none}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th safe>{l.colLesson}</th>
                <th safe>{l.colLangs}</th>
                <th safe>{l.colState}</th>
                <th safe>{l.colScore}</th>
              </tr>
            </thead>
            <tbody>
              {props.plans.map((p) => (
                <tr data-plan-id={p.id}>
                  <td>
                    <a href={`/lessons/${encodeURIComponent(p.id)}`} safe>
                      {p.title}
                    </a>
                  </td>
                  <td safe>{l.langsLevel(langName(t, p.sourceLang), langName(t, p.targetLang), p.level)}</td>
                  <td safe>{l.state[p.status]}</td>
                  <td safe>{p.score ? l.scoreOf(p.score.score, p.score.total, p.score.passed) : p.started ? l.inProgress : l.notStarted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Layout>
  );
}

export function PlanProgress(props: { t: UiText; plan: PlanForPage }) {
  const { plan } = props;
  const l = props.t.lessons;
  const ready = new Set(plan.sets.map((s) => s.kind));
  const total = Math.max(PLAN_STEPS.length, plan.sets.length);
  const live = plan.status === "generating" || plan.status === "partial";
  return (
    <div class="plan-progress card" id="plan-progress" data-status={plan.status}>
      <p role="status" aria-live="polite" id="plan-status" safe>
        {l.status(plan.status, plan.sets.length, total)}
      </p>
      <progress max={String(total)} value={String(plan.status === "complete" ? total : plan.sets.length)} aria-labelledby="plan-status"></progress>
      <ol>
        {PLAN_STEPS.map((kind) => (
          <li data-ready={ready.has(kind) ? "true" : "false"} safe>
            {`${ready.has(kind) ? "✓" : "…"} ${l.steps[kind]}`}
          </li>
        ))}
      </ol>
      {live ? (
        <p class="hint">
          <span safe>{l.newParts}</span> <a href={`/lessons/${encodeURIComponent(plan.id)}`} safe>{l.reload}</a> <span safe>{l.reloadTail}</span>
        </p>
      ) : (
        ""
      )}
    </div>
  );
}

export function PlanPage(props: { t: UiText; user: LayoutUser; flash?: Flash | null; plan: PlanForPage; ctx: SetContext }) {
  const { plan, t } = props;
  const live = plan.status === "generating" || plan.status === "partial";
  return (
    <Layout t={t} title={planTitle(t, plan)} nav="lessons" user={props.user} flash={props.flash}>
      <p>
        <a href="/lessons" safe>{t.lessons.back}</a>
      </p>
      <h1 safe>{planTitle(t, plan)}</h1>
      <p class="muted">
        <span safe>{t.lessons.planMeta(langName(t, plan.source_lang), langName(t, plan.target_lang), plan.level, LEVELS[plan.level - 1] ?? "")}</span>
      </p>
      <PlanProgress t={t} plan={plan} />
      <div id="plan-sets" data-live-plan={live ? `/lessons/${encodeURIComponent(plan.id)}/stream` : undefined}>
        {plan.sets.map((set) => (
          <LessonSetSection set={set} ctx={props.ctx} />
        ))}
      </div>
    </Layout>
  );
}

/**
 * What the live script fetches while a plan is written: the progress block and the sets after the
 * `after` first ones, not the whole page again (a lesson page is ~40 KB; a set is a few).
 */
export function PlanFragment(props: { t: UiText; plan: PlanForPage; ctx: SetContext; after: number }) {
  return (
    <div>
      <PlanProgress t={props.t} plan={props.plan} />
      <div id="plan-sets">
        {props.plan.sets
          .filter((set) => set.index > props.after)
          .map((set) => (
            <LessonSetSection set={set} ctx={props.ctx} />
          ))}
      </div>
    </div>
  );
}
