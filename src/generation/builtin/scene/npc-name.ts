// The name a scene gives its NPC ("a tapas bar, waitress Lola", "der Kellner Hans", "the
// pharmacist Mr Brown"): read next to the words the scene understanding (understand-scene.ts) read
// as the NPC's role. The request's NPC name, when given, wins over it (lesson-context.ts).
import { LANGS } from "../../languages.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { foldCase } from "../text-normalise.ts";
import { ARTICLES } from "./cues.ts";

// Words between a role and its name ("a waitress called Lola", "le serveur nommé Marc").
const NAMING = new Set("called named llamado llamada nommé nommée appelé appelée namens genannt chiamato chiamata chamado chamada".split(" "));
// A title goes with the name it precedes ("the pharmacist Mr Brown", "el camarero don Pepe").
const TITLES = new Set("mr mrs ms miss dr herr frau señor señora don doña monsieur madame mademoiselle signor signora signore dottor dottore senhor senhora seu dona".split(" "));

/**
 * The name the scene gives the NPC: a capitalised word right after the role ("waitress Lola",
 * "der Kellner Hans", after a title: "Mr Brown") or right before it ("where Lola, the waitress,
 * …"). A place, a word of the scene's cues, a sentence's first word, a word of the lexicon in any
 * language (German nouns are capitalised: "der Kellner Bier") and a word written in lower case in
 * the engine's sentences ("Rosa" is pink) are not names.
 */
export function npcNameOf(index: LexiconIndex, text: string, raw: string[], cued: ReadonlySet<number>, roles: { start: number; length: number }[]): string | null {
  const nfc = text.normalize("NFC");
  const starts = [...nfc.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m.index ?? 0);
  const common = (word: string) => LANGS.some((lang) => index.language(lang).forms.has(foldCase(word)) || index.language(lang).lowerCaseSeen.has(word.toLowerCase()));
  const capitalised = (i: number): boolean => {
    const word = raw[i];
    if (word === undefined || cued.has(i) || !/^\p{Lu}\p{Ll}+$/u.test(word)) return false;
    return !/^[\s"«»„“”'(-]*$|[.!?:;]["»“”')\s]*$/u.test(nfc.slice(0, starts[i]));
  };
  const name = (i: number): string | null => {
    const word = raw[i];
    // After a title (Spanish "don" is written in lower case) the name may be a common word: Mr Brown, Herr Koch.
    if (word !== undefined && TITLES.has(word.toLowerCase()) && !cued.has(i)) return capitalised(i + 1) ? `${word} ${raw[i + 1]}` : null;
    return capitalised(i) && !common(word as string) ? (word as string) : null;
  };
  for (const hit of roles) {
    const after = hit.start + hit.length;
    const found = name(NAMING.has((raw[after] ?? "").toLowerCase()) ? after + 1 : after);
    if (found) return found;
    const before = ARTICLES.has((raw[hit.start - 1] ?? "").toLowerCase()) ? hit.start - 2 : hit.start - 1;
    // Before the role: "Lola, the waitress", "Mr Brown, the pharmacist".
    const earlier = before < 0 ? null : TITLES.has((raw[before - 1] ?? "").toLowerCase()) ? name(before - 1) : name(before);
    if (earlier) return earlier;
  }
  return null;
}
