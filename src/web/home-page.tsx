// Home for a signed-in learner: what to do next (the reviews due today, a new list) and how much of
// the month's allowance is left (spec 5.6), each a link to the page that does it.
import type { AllowanceState } from "../billing/report.ts";
import { Layout, type Flash, type LayoutUser } from "./layout.tsx";

export interface HomeData {
  dueToday: number;
  deckSize: number;
  allowance: AllowanceState;
  plan: "free" | "paid";
  /** Credits a vocabulary list costs (billing/credits.ts). */
  listCost: number;
  /** The lesson the learner opened last and has not finished (no exit check yet). */
  lesson: { id: string; title: string } | null;
  /** The conversation the learner spoke in last. */
  conversation: { id: string; partner: string; scene: string | null; turns: number } | null;
  planCost: number;
}

export function HomePage(props: { user: LayoutUser; flash?: Flash | null; data: HomeData }) {
  const d = props.data;
  const listsLeft = Math.floor(d.allowance.remaining / d.listCost);
  return (
    <Layout title="Home" nav="home" user={props.user} flash={props.flash}>
      <h1>What next?</h1>
      <div class="next-steps">
        <section class="card" aria-labelledby="home-review" data-testid="home-review">
          <h2 id="home-review">Review</h2>
          {d.dueToday > 0 ? (
            <>
              <p safe>{`${d.dueToday} ${d.dueToday === 1 ? "card is" : "cards are"} due today.`}</p>
              <a class="button" href="/review">
                Start review
              </a>
            </>
          ) : (
            <p>{d.deckSize === 0 ? "Your deck is empty: the words of your lists land here." : "Nothing due today. Well done."}</p>
          )}
        </section>
        <section class="card" aria-labelledby="home-lesson" data-testid="home-lesson">
          <h2 id="home-lesson">Lesson</h2>
          {d.lesson ? (
            <>
              <p safe>{`Go on with “${d.lesson.title}”.`}</p>
              <a class="button" href={`/lessons/${encodeURIComponent(d.lesson.id)}`}>
                Continue the lesson
              </a>
            </>
          ) : (
            <>
              <p safe>{`A lesson on a topic or scene of your choice (${d.planCost} credits).`}</p>
              <a class="button secondary" href="/lessons">
                Start a lesson
              </a>
            </>
          )}
        </section>
        <section class="card" aria-labelledby="home-tutor" data-testid="home-tutor">
          <h2 id="home-tutor">Tutor</h2>
          {d.conversation ? (
            <>
              <p safe>{`Your last conversation: ${d.conversation.partner}${d.conversation.scene ? `, ${d.conversation.scene}` : ""} (${d.conversation.turns} ${d.conversation.turns === 1 ? "message" : "messages"}).`}</p>
              <a class="button secondary" href={`/tutor/${encodeURIComponent(d.conversation.id)}`}>
                Resume the conversation
              </a>
            </>
          ) : d.plan === "paid" ? (
            <>
              <p>Practise a conversation with a partner in a scene you choose.</p>
              <a class="button secondary" href="/tutor">
                Talk with the tutor
              </a>
            </>
          ) : (
            <p>Conversations with the tutor come with the paid plan.</p>
          )}
        </section>
        <section class="card" aria-labelledby="home-learn">
          <h2 id="home-learn">Learn new words</h2>
          <p safe>{`A vocabulary list at your level, on a topic you choose (${d.listCost} credits).`}</p>
          <a class="button secondary" href="/learn">
            Get a list
          </a>
        </section>
        <section class="card" aria-labelledby="home-allowance" data-testid="home-allowance">
          <h2 id="home-allowance">This month's allowance</h2>
          <label for="allowance-meter" safe>
            {`${d.allowance.remaining} of ${d.allowance.credits} credits left`}
          </label>
          <progress id="allowance-meter" max={String(Math.max(d.allowance.credits, 1))} value={String(d.allowance.remaining)}></progress>
          <p class="hint">
            {d.allowance.remaining >= d.listCost ? `Enough for ${listsLeft} more ${listsLeft === 1 ? "list" : "lists"}. Reviewing is free.` : "Used up for this month; reviewing stays free."}
          </p>
          <p class="hint">
            <a href="/usage">See usage</a>
            {d.plan === "free" ? " · You are on the free plan." : ""}
          </p>
        </section>
      </div>
    </Layout>
  );
}
