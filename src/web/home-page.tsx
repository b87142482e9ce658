// Home for a signed-in learner: what to do next (the reviews due today, a new list) and how much of
// the month's allowance is left (spec 5.6), each a link to the page that does it.
import type { AllowanceState } from "../billing/report.ts";
import { Layout, type Flash, type LayoutUser } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

export interface HomeData {
  dueToday: number;
  deckSize: number;
  allowance: AllowanceState;
  plan: "free" | "paid";
  /** Credits a vocabulary list costs (billing/credits.ts). */
  listCost: number;
  /** The lesson the learner opened last and has not finished (no exit check yet). */
  lesson: { id: string; title: string } | null;
  /** The conversation the learner spoke in last that has not reached its end (learner-history.ts). */
  conversation: { id: string; partner: string; scene: string | null; turns: number } | null;
  planCost: number;
}

export function HomePage(props: { t: UiText; user: LayoutUser; flash?: Flash | null; data: HomeData }) {
  const d = props.data;
  const h = props.t.home;
  const listsLeft = Math.floor(d.allowance.remaining / d.listCost);
  return (
    <Layout t={props.t} title={h.title} nav="home" user={props.user} flash={props.flash}>
      <h1 safe>{h.heading}</h1>
      <div class="next-steps">
        <section class="card" aria-labelledby="home-review" data-testid="home-review">
          <h2 id="home-review" safe>{h.review}</h2>
          {d.dueToday > 0 ? (
            <>
              <p safe>{h.due(d.dueToday)}</p>
              <a class="button" href="/review" safe>
                {h.startReview}
              </a>
            </>
          ) : (
            <p safe>{d.deckSize === 0 ? h.deckEmpty : h.nothingDue}</p>
          )}
        </section>
        <section class="card" aria-labelledby="home-lesson" data-testid="home-lesson">
          <h2 id="home-lesson" safe>{h.lesson}</h2>
          {d.lesson ? (
            <>
              <p safe>{h.goOn(d.lesson.title)}</p>
              <a class="button" href={`/lessons/${encodeURIComponent(d.lesson.id)}`} safe>
                {h.continueLesson}
              </a>
            </>
          ) : (
            <>
              <p safe>{h.lessonOffer(d.planCost)}</p>
              <a class="button secondary" href="/lessons" safe>
                {h.startLesson}
              </a>
            </>
          )}
        </section>
        <section class="card" aria-labelledby="home-tutor" data-testid="home-tutor">
          <h2 id="home-tutor" safe>{h.tutor}</h2>
          {d.conversation ? (
            <>
              <p safe>{h.lastConversation(d.conversation.partner, d.conversation.scene, d.conversation.turns)}</p>
              <a class="button secondary" href={`/tutor/${encodeURIComponent(d.conversation.id)}`} safe>
                {h.resume}
              </a>
            </>
          ) : d.plan === "paid" ? (
            <>
              <p safe>{h.tutorOffer}</p>
              <a class="button secondary" href="/tutor" safe>
                {h.talk}
              </a>
            </>
          ) : (
            <p safe>{h.tutorPaid}</p>
          )}
        </section>
        <section class="card" aria-labelledby="home-learn">
          <h2 id="home-learn" safe>{h.learnHeading}</h2>
          <p safe>{h.listOffer(d.listCost)}</p>
          <a class="button secondary" href="/learn" safe>
            {h.getList}
          </a>
        </section>
        <section class="card" aria-labelledby="home-allowance" data-testid="home-allowance">
          <h2 id="home-allowance" safe>{h.allowance}</h2>
          <label for="allowance-meter" safe>
            {h.creditsLeft(d.allowance.remaining, d.allowance.credits)}
          </label>
          <progress id="allowance-meter" max={String(Math.max(d.allowance.credits, 1))} value={String(d.allowance.remaining)}></progress>
          <p class="hint" safe>
            {d.allowance.remaining >= d.listCost ? h.enoughFor(listsLeft) : h.usedUp}
          </p>
          <p class="hint">
            <a href="/account" safe>{props.t.tutor.seePlan}</a>
            {d.plan === "free" ? <span safe>{` · ${h.freePlan}`}</span> : ""}
          </p>
        </section>
      </div>
    </Layout>
  );
}
