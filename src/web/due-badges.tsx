// The Review entry's badge: today's due cards deck by deck ("ES 12 · DE 8"), each deck's language
// spelt out for screen readers; a learner with one deck sees just the number.
import type { UiText } from "./ui-text/index.ts";

export interface DeckBadge {
  /** The deck's target language. */
  deck: string;
  due: number;
}

export function DueBadges(props: { t: UiText; decks: DeckBadge[] }) {
  const decks = props.decks.filter((d) => d.due > 0);
  const total = decks.reduce((a, d) => a + d.due, 0);
  const name = (code: string) => (props.t.langs as Record<string, string>)[code] ?? code;
  return (
    <span data-testid="due-count" data-total={String(total)}>
      {decks.map((d) => (
        <span class="badge" data-deck={d.deck}>
          <span aria-hidden="true" safe>
            {decks.length > 1 ? `${d.deck.slice(0, 2).toUpperCase()} ${d.due}` : String(d.due)}
          </span>
          <span class="visually-hidden" safe>{` ${props.t.review.badgeDeck(name(d.deck), d.due)}`}</span>
        </span>
      ))}
    </span>
  );
}
