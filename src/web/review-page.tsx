// The Review page: the learner's decks with today's counts, one card at a time, its answer behind a
// <details> (no script needed, keyboard friendly), then four answers that schedule the card's next
// review (FSRS, src/learning/service.ts); the daily limit and time zone form below.
import type { DueCard, ReviewDay } from "../learning/review-queue.ts";
import type { GradeName } from "../learning/service.ts";
import { MAX_NEW_PER_DAY } from "../learning/review-settings.ts";
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

/** The time zones a learner may choose: the runtime's list (ECMA-402 supportedValuesOf), UTC first. */
const TIME_ZONES: readonly string[] = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];

const reviewHref = (deck: string | null) => (deck ? `/review?deck=${encodeURIComponent(deck)}` : "/review");

export function ReviewPage(props: { t: UiText; user: LayoutUser; flash?: Flash | null; card: DueCard | null; previews: Record<GradeName, number> | null; day: ReviewDay; deck: string | null; deckSize: number; nowMs: number }) {
  const { card, t, day } = props;
  const r = t.review;
  const shown = props.deck ? day.decks.filter((d) => d.deck === props.deck) : day.decks;
  const sum = (key: "fresh" | "learning" | "review" | "due" | "later") => shown.reduce((a, d) => a + d[key], 0);
  const nextAt = shown.reduce<number | null>((a, d) => (d.nextAt !== null && d.nextAt < day.end && (a === null || d.nextAt < a) ? d.nextAt : a), null);
  return (
    <Layout t={t} title={r.title} nav="review" user={props.user} flash={props.flash}>
      <h1 safe>{r.title}</h1>
      <p class="muted" data-testid="review-summary" safe>
        {r.summary(day.due, props.deckSize)}
      </p>
      {day.decks.length > 1 ? (
        <nav class="decks" aria-label={r.decks} data-testid="decks">
          <a href="/review" aria-current={props.deck === null ? "page" : undefined} data-deck="" safe>
            {r.deckLink(r.allDecks, day.due)}
          </a>
          {day.decks.map((d) => (
            <a href={reviewHref(d.deck)} aria-current={props.deck === d.deck ? "page" : undefined} data-deck={d.deck} data-due={String(d.due)} data-fresh={String(d.fresh)} safe>
              {r.deckLink(langName(t, d.deck), d.due)}
            </a>
          ))}
        </nav>
      ) : (
        ""
      )}
      <p data-testid="due-parts" data-fresh={String(sum("fresh"))} data-learning={String(sum("learning"))} data-review={String(sum("review"))} safe>
        {r.dueParts(sum("fresh"), sum("learning"), sum("review"))}
      </p>
      <p class="muted" data-testid="new-today" safe>
        {r.newToday(day.introduced, day.settings.newPerDay)}
      </p>
      {card ? (
        <section class="card review-card" aria-labelledby="card-prompt" data-card-id={card.cardId} data-direction={card.direction} data-deck={card.targetLang} data-state={String(card.state)}>
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
              {props.deck ? <input type="hidden" name="deck" value={props.deck} /> : ""}
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
          {nextAt !== null ? (
            <p data-testid="later-today" safe>
              {r.laterToday(sum("later"), spanText(t, nextAt - props.nowMs))}
            </p>
          ) : (
            ""
          )}
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
      <p>
        <a href="/review/stats" safe>
          {r.statsLink}
        </a>
      </p>
      <details class="card">
        <summary safe>{r.settings}</summary>
        <form method="post" action="/review/settings">
          <CsrfField csrf={props.user.csrf} />
          <label for="new_per_day" safe>
            {r.newPerDay}
          </label>
          <input type="number" id="new_per_day" name="new_per_day" min="0" max={String(MAX_NEW_PER_DAY)} step="1" required value={String(day.settings.newPerDay)} />
          <label for="time_zone" safe>
            {r.timeZone}
          </label>
          <select id="time_zone" name="time_zone" data-offer-browser-zone={day.settings.saved ? undefined : ""} aria-describedby={day.settings.saved ? undefined : "time_zone_note"}>
            {TIME_ZONES.map((z) => (
              <option value={z} selected={z === day.settings.timeZone} safe>
                {z}
              </option>
            ))}
          </select>
          {day.settings.saved ? null : (
            <p id="time_zone_note" class="muted" safe>
              {r.timeZoneUnsaved}
            </p>
          )}
          <div class="actions">
            <button type="submit" safe>
              {r.saveSettings}
            </button>
          </div>
        </form>
      </details>
    </Layout>
  );
}
