// The Review page: one card at a time, its answer behind a <details> (no script needed, keyboard
// friendly), then four answers that schedule the card's next review (FSRS, src/learning/service.ts).
import type { DueCard, GradeName } from "../learning/service.ts";
import { CsrfField, Layout, type Flash, type LayoutUser } from "./layout.tsx";
import { LEARN_LANGS } from "./learn-page.tsx";
import { DAY, HOUR, MINUTE } from "../lib/clock.ts";

const langName = (code: string) => LEARN_LANGS.find((l) => l.code === code)?.name ?? code;

/** "1 min", "3 h", "4 days": how long an answer puts a card away. */
export function spanText(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < DAY) return `${Math.round(ms / HOUR)} h`;
  const days = Math.round(ms / DAY);
  if (days < 45) return days === 1 ? "1 day" : `${days} days`;
  const months = Math.round(days / 30);
  return months < 12 ? `${months} months` : `${(days / 365).toFixed(1)} years`;
}

const GRADE_LABELS: { name: GradeName; label: string; secondary: boolean }[] = [
  { name: "again", label: "Again", secondary: true },
  { name: "hard", label: "Hard", secondary: true },
  { name: "good", label: "Good", secondary: false },
  { name: "easy", label: "Easy", secondary: true },
];

export function ReviewPage(props: { user: LayoutUser; flash?: Flash | null; card: DueCard | null; previews: Record<GradeName, number> | null; dueToday: number; deckSize: number }) {
  const { card } = props;
  return (
    <Layout title="Review" nav="review" user={props.user} flash={props.flash}>
      <h1>Review</h1>
      <p class="muted" data-testid="review-summary" safe>
        {`${props.dueToday} ${props.dueToday === 1 ? "card" : "cards"} due today · ${props.deckSize} ${props.deckSize === 1 ? "word" : "words"} in your deck`}
      </p>
      {card ? (
        <section class="card review-card" aria-labelledby="card-prompt" data-card-id={card.cardId} data-direction={card.direction}>
          <p class="prompt" id="card-prompt" safe>
            {card.direction === "recognise" ? `What does this ${langName(card.targetLang)} word mean?` : `How do you say this in ${langName(card.targetLang)}?`}
          </p>
          <p class="front" lang={card.direction === "recognise" ? card.targetLang : card.sourceLang} safe>
            {card.direction === "recognise" ? card.term : card.meaning}
          </p>
          <details>
            <summary>Show answer</summary>
            <p class="back" lang={card.direction === "recognise" ? card.sourceLang : card.targetLang} data-testid="answer" safe>
              {card.direction === "recognise" ? card.meaning : card.term}
            </p>
            <blockquote>
              <div lang={card.targetLang} safe>
                {card.exampleText}
              </div>
              <div class="muted" lang={card.sourceLang} safe>
                {card.exampleTranslation}
              </div>
            </blockquote>
            <form method="post" action={`/review/${encodeURIComponent(card.cardId)}`}>
              <CsrfField csrf={props.user.csrf} />
              <fieldset>
                <legend>How well did you know it?</legend>
                <div class="grades">
                  {GRADE_LABELS.map((g) => (
                    <button type="submit" name="grade" value={g.name} class={g.secondary ? "secondary" : undefined}>
                      <span safe>{g.label}</span>
                      {props.previews ? <small safe>{`again in ${spanText(props.previews[g.name])}`}</small> : ""}
                    </button>
                  ))}
                </div>
              </fieldset>
            </form>
          </details>
        </section>
      ) : (
        <section class="card" aria-labelledby="done-heading">
          <h2 id="done-heading">Nothing left to review today</h2>
          <p>
            {props.deckSize === 0 ? "Your deck is empty. Words you meet on the Learn page are added to it." : "Come back tomorrow, or meet new words on the Learn page."}
          </p>
          <p>
            <a class="button" href="/learn">
              Learn new words
            </a>
          </p>
        </section>
      )}
    </Layout>
  );
}
