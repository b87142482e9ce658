// Hunspell as an oracle for the generated role-plays: every word of every line and translation,
// over every pair at levels 1, 5 and 9 and scenes that fill every slot (places, money,
// complications), is a word the language's dictionary accepts, but for the names of people and
// places the scene itself sets. Skipped, with a message, where hunspell is missing (as the
// morphology oracle is: scripts/test installs it).
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { buildLessonContext } from "../../src/generation/builtin/lesson/lesson-context.ts";
import { rolePlaySet } from "../../src/generation/builtin/lesson/role-play-set.ts";
import { grammarLines } from "../../src/generation/builtin/scene/grammar-lines.ts";
import { PLACES } from "../../src/generation/builtin/scene/places.ts";
import { DEFAULT_NPC_NAME } from "../../src/generation/builtin/ui-text/lesson-text.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import { hunspellAvailable, rejectedWords } from "./oracle/hunspell.ts";

const available = hunspellAvailable();
if (!available && process.env.CI === "true") throw new Error("CI=true but hunspell or its dictionaries are missing");
if (!available) console.warn("role-play-hunspell: skipped — install Debian's hunspell dictionaries (scripts/test does)");

const index = createBuiltinEngine().index();
const SCENES = [
  "a rainy tapas bar in Seville in the evening",
  "train tickets at Milano Centrale, the train is delayed",
  "my wallet was stolen in Rome, at the police station",
  "checking in at a hotel in Rio, the hotel is full",
  "a broken phone, returned to a shop in London",
  "un rendez-vous chez le dentiste à Lyon le matin",
  "eine Wohnung in Wien mieten",
  "a job interview in Munich",
  "a guided tour of an exhibition in Paris, the museum is closed",
  "planning a birthday party in Buenos Aires",
  "a doctor's appointment in Madrid, I have a fever",
  "à l'aéroport, mon vol est annulé",
  "a night market in Lisbon",
  "a paella and a glass of wine in Valencia",
  "buying a shirt in a clothes shop in Madrid",
  "at the pharmacy, I need medicine",
  "sending a parcel at the post office",
  "opening a bank account",
  "asking the way to the cathedral in Seville",
];
// Valid words the dictionaries lack: "reais", the plural of the Brazilian real, borrowed as it
// is into English and French; Spanish imperatives with an attached pronoun (Hunspell's es
// dictionary lists few); German "herführt", her+führen in a subordinate clause; the tapa of a
// Spanish bar, in the Oxford dictionary and the Duden (die Tapa, die Tapas) but not in Hunspell's;
// British "cancelled" (the English the learner reads is en-GB, the dictionary installed en_US).
const NOT_IN_DICTIONARIES: Partial<Record<Lang, string[]>> = { en: ["reais", "tapa", "cancelled"], fr: ["reais"], es: ["pregúnteme", "Permítame"], de: ["herführt", "Tapa"] };
// Names the scene sets, not words of the language.
const NAMES = new Set([...PLACES.flatMap((p) => Object.values(p.names).flatMap((n) => n.split(/[\s-]+/))), ...Object.values(DEFAULT_NPC_NAME)].map((w) => w.toLowerCase()));

describe.skipIf(!available)("Hunspell oracle on role-plays", () => {
  test("every word of every generated line and translation is accepted", () => {
    const byLang = new Map<Lang, Set<string>>(LANGS.map((l) => [l, new Set()]));
    for (const source of LANGS) {
      for (const target of LANGS) {
        if (source === target) continue;
        for (const level of [1, 5, 9]) {
          for (const scene of SCENES) {
            const rp = rolePlaySet(buildLessonContext(index, { source, target, level, subject: { kind: "scene", text: scene }, npc: null }), 4);
            for (const step of rp?.steps ?? []) {
              for (const line of [step.npc, ...step.learner_options]) {
                for (const [lang, text] of [[target, line.text], [source, line.translation]] as const) {
                  // An elided word (l', qu', dov', senz') is the part before its apostrophe: the word after it is checked.
                  for (const w of text.match(/[\p{L}][\p{L}'’-]*/gu) ?? []) byLang.get(lang)?.add(/^aujourd/i.test(w) ? w : (w.split(/['’]/).at(-1) ?? ""));
                }
              }
            }
          }
        }
      }
    }
    // Every grammar sentence, whatever the level it is said at.
    for (const point of index.data.grammar) {
      for (const g of grammarLines(point.id) ?? []) for (const lang of LANGS) for (const w of g.text[lang].match(/[\p{L}][\p{L}'’-]*/gu) ?? []) byLang.get(lang)?.add(/^aujourd/i.test(w) ? w : (w.split(/['’]/).at(-1) ?? ""));
    }
    const rejected: string[] = [];
    for (const [lang, words] of byLang) {
      const candidates = [...words].filter((w) => w !== "" && !NAMES.has(w.toLowerCase()) && !NOT_IN_DICTIONARIES[lang]?.includes(w));
      for (const w of rejectedWords(lang, candidates)) rejected.push(`${lang}: ${w}`);
    }
    expect(rejected).toEqual([]);
  }, 120_000);
});
