// The Review page: one card at a time, its answer behind a <details> (no script needed, keyboard
// friendly), then four answers that schedule the card's next review (FSRS, src/learning/service.ts).
import type { DueCard, GradeName } from "../learning/service.ts";
import { CsrfField, Layout, type Flash, type LayoutUser } from "./layout.tsx";
import { langName } from "./learn-page.tsx";
import { DAY, HOUR, MINUTE } from "../lib/clock.ts";
import type { UiText } from "./ui-text/index.ts";

/** "1 min", "3 h", "4 days" in the learner's language: how long an answer puts a card away. */
export function spanText(t: UiText, ms: number): string {
  const span = t.review.span;
  if (ms < HOUR) return span.min(Math.max(1, Math.round(ms / MINUTE)));
  if (ms < DAY) return span.hours(Math.round(ms / HOUR));
  const days = Math.round(ms / DAY);
  if (days < 45) return span.days(days);
  const months = Math.round(days / 30);
  return months < 12 ? span.months(months) : span.years((days / 365).toFixed(1));
}

const GRADES: { name: GradeName; secondary: boolean }[] = [
  { name: "again", secondary: true },
  { name: "hard", secondary: true },
  { name: "good", secondary: false },
  { name: "easy", secondary: true },
];

export function ReviewPage(props: { t: UiText; user: LayoutUser; flash?: Flash | null; card: DueCard | null; previews: Record<GradeName, number> | null; dueToday: number; deckSize: number }) {
  const { card, t } = props;
  const r = t.review;
  return (
    <Layout t={t} title={r.title} nav="review" user={props.user} flash={props.flash}>
      <h1 safe>{r.title}</h1>
      <p class="muted" data-testid="review-summary" safe>
        {r.summary(props.dueToday, props.deckSize)}
      </p>
      {card ? (
        <section class="card review-card" aria-labelledby="card-prompt" data-card-id={card.cardId} data-direction={card.direction}>
          <p class="prompt" id="card-prompt" safe>
            {card.direction === "recognise" ? r.recognise(langName(t, card.targetLang)) : r.recall(langName(t, card.targetLang))}
          </p>
          <p class="front" lang={card.direction === "recognise" ? card.targetLang : card.sourceLang} safe>
            {card.direction === "recognise" ? card.term : card.meaning}
          </p>
          <details>
            <summary safe>{r.showAnswer}</summary>
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
                <legend safe>{r.howWell}</legend>
                <div class="grades">
                  {GRADES.map((g) => (
                    <button type="submit" name="grade" value={g.name} class={g.secondary ? "secondary" : undefined}>
                      <span safe>{r.grades[g.name]}</span>
                      {props.previews ? <small safe>{r.againIn(spanText(t, props.previews[g.name]))}</small> : ""}
                    </button>
                  ))}
                </div>
              </fieldset>
            </form>
          </details>
        </section>
      ) : (
        <section class="card" aria-labelledby="done-heading">
          <h2 id="done-heading" safe>{r.doneHeading}</h2>
          <p safe>
            {props.deckSize === 0 ? r.doneEmpty : r.doneComeBack}
          </p>
          <p>
            <a class="button" href="/learn" safe>
              {r.learnNew}
            </a>
          </p>
        </section>
      )}
    </Layout>
  );
}
