// The Lessons pages: a form that creates a lesson plan, the learner's plans with their state and
// score, and one plan with its sets as they arrive (generating → partial → complete). The plan page
// is complete HTML at every moment: a reload shows what is ready; browser-script.ts adds the live
// part, appending each new set as the plan stream announces it.
import type { LessonSet, Npc } from "../generation/model.ts";
import { CsrfField, Layout, type Flash, type LayoutUser } from "./layout.tsx";
import { LangSelect, langName } from "./learn-page.tsx";
import { LessonSetSection, type SetContext } from "./lesson-sets.tsx";

const LEVELS = ["A1", "A2", "A2+", "B1", "B1+", "B2", "B2+", "C1", "C2"];

/** The kinds of set a plan is made of, in order (generation/model.ts LessonSet): the progress steps. */
export const PLAN_STEPS: { kind: LessonSet["kind"]; label: string }[] = [
  { kind: "overview", label: "Overview" },
  { kind: "grammar", label: "Grammar" },
  { kind: "exercises", label: "Practice" },
  { kind: "role_play", label: "Role-play" },
  { kind: "exit_check", label: "Exit check" },
];

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

export const STATE_TEXT: Record<PlanState, string> = {
  generating: "being written",
  partial: "ready to start; more is coming",
  complete: "ready",
  failed: "failed; the credits were given back",
};

export const planTitle = (p: { topic?: string; scene?: string; sets?: LessonSet[] }) => p.sets?.find((s) => s.kind === "overview")?.title ?? p.topic ?? p.scene ?? "Lesson";

export function LessonsPage(props: { user: LayoutUser; flash?: Flash | null; form: LessonForm; error?: string | null; plans: PlanListEntry[]; planCost: number }) {
  const f = props.form;
  return (
    <Layout title="Lessons" nav="lessons" user={props.user} flash={props.flash}>
      <h1>Lessons</h1>
      <form method="post" action="/lessons" class="card" aria-labelledby="new-lesson">
        <h2 id="new-lesson">A new lesson</h2>
        <CsrfField csrf={props.user.csrf} />
        <LangSelect id="source" name="source" label="I speak" value={f.source} />
        <LangSelect id="target" name="target" label="I am learning" value={f.target} />
        <label for="level">Level</label>
        <select id="level" name="level">
          {LEVELS.map((label, i) => (
            <option value={String(i + 1)} selected={f.level === i + 1} safe>
              {`${i + 1} · ${label}`}
            </option>
          ))}
        </select>
        <fieldset>
          <legend>About</legend>
          <label for="kind-topic">
            <input type="radio" id="kind-topic" name="kind" value="topic" checked={f.kind === "topic"} /> a topic (food, travel, work…)
          </label>
          <label for="kind-scene">
            <input type="radio" id="kind-scene" name="kind" value="scene" checked={f.kind === "scene"} /> a scene (a night market in Lisbon…)
          </label>
        </fieldset>
        <label for="about">Topic or scene</label>
        <input type="text" id="about" name="about" value={f.about} maxlength="160" required aria-describedby={props.error ? "lesson-error" : undefined} />
        <label for="npc-name">Conversation partner's name (optional)</label>
        <input type="text" id="npc-name" name="npc_name" value={f.npcName} maxlength="32" />
        <label for="npc-persona">Who they are (optional)</label>
        <input type="text" id="npc-persona" name="npc_persona" value={f.npcPersona} maxlength="120" placeholder="e.g. a grumpy fishmonger" />
        {props.error ? (
          <p class="field-error" id="lesson-error" role="alert" safe>
            {props.error}
          </p>
        ) : (
          ""
        )}
        <div class="actions">
          <button type="submit">Create the lesson</button>
          <span class="hint" safe>{`A lesson costs ${props.planCost} credits of your allowance.`}</span>
        </div>
      </form>
      <section aria-labelledby="my-lessons">
        <h2 id="my-lessons">My lessons</h2>
        {props.plans.length === 0 ? (
          <p class="muted">No lesson yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>Lesson</th>
                <th>Languages</th>
                <th>State</th>
                <th>Score</th>
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
                  <td safe>{`${langName(p.sourceLang)} → ${langName(p.targetLang)}, level ${p.level}`}</td>
                  <td safe>{STATE_TEXT[p.status]}</td>
                  <td>{p.score ? `${p.score.score} of ${p.score.total}${p.score.passed ? ", passed" : ""}` : p.started ? "in progress" : "not started"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Layout>
  );
}

export function PlanProgress(props: { plan: PlanForPage }) {
  const { plan } = props;
  const ready = new Set(plan.sets.map((s) => s.kind));
  const total = Math.max(PLAN_STEPS.length, plan.sets.length);
  const live = plan.status === "generating" || plan.status === "partial";
  return (
    <div class="plan-progress card" id="plan-progress" data-status={plan.status}>
      <p role="status" aria-live="polite" id="plan-status" safe>
        {`This lesson is ${STATE_TEXT[plan.status]} (${plan.sets.length} of ${total} parts).`}
      </p>
      <progress max={String(total)} value={String(plan.status === "complete" ? total : plan.sets.length)} aria-labelledby="plan-status"></progress>
      <ol>
        {PLAN_STEPS.map((step) => (
          <li data-ready={ready.has(step.kind) ? "true" : "false"} safe>
            {`${ready.has(step.kind) ? "✓" : "…"} ${step.label}`}
          </li>
        ))}
      </ol>
      {live ? (
        <p class="hint">
          New parts appear here as they are written. <a href={`/lessons/${encodeURIComponent(plan.id)}`}>Reload</a> if they do not.
        </p>
      ) : (
        ""
      )}
    </div>
  );
}

export function PlanPage(props: { user: LayoutUser; flash?: Flash | null; plan: PlanForPage; ctx: SetContext }) {
  const { plan } = props;
  const live = plan.status === "generating" || plan.status === "partial";
  return (
    <Layout title={planTitle(plan)} nav="lessons" user={props.user} flash={props.flash}>
      <p>
        <a href="/lessons">← My lessons</a>
      </p>
      <h1 safe>{planTitle(plan)}</h1>
      <p class="muted" safe>
        {`${langName(plan.source_lang)} → ${langName(plan.target_lang)} · level ${plan.level} (${LEVELS[plan.level - 1] ?? ""})${plan.scene ? ` · ${plan.scene}` : ""}`}
      </p>
      <PlanProgress plan={plan} />
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
export function PlanFragment(props: { plan: PlanForPage; ctx: SetContext; after: number }) {
  return (
    <div>
      <PlanProgress plan={props.plan} />
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
