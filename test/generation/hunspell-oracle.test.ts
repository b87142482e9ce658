// Hunspell as an oracle for the morphology tables (the tables, not Hunspell, run in the binary):
// every form the tables generate is a word Hunspell's dictionary accepts (a short, documented
// exception list covers lexicon words and valid forms the dictionaries lack), forms with pronouns
// attached are built on accepted host forms, and every word of the corpus sentences that Hunspell
// accepts is one the tutor never "corrects". `scripts/test` installs Debian's hunspell and
// dictionaries; outside CI the tests are skipped, with a message, when they are missing.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { morphologyOf } from "../../src/generation/builtin/morphology/morph-index.ts";
import { foldCase } from "../../src/generation/builtin/text-normalise.ts";
import type { Lang } from "../../src/generation/languages.ts";
import { CORPORA } from "./corpus/run-corpus.ts";
import exceptions from "./oracle/hunspell-exceptions.json";
import { hunspellAvailable, rejectedWords } from "./oracle/hunspell.ts";
import { tableWords } from "./oracle/table-words.ts";

const LANGS = ["es", "fr", "de", "it", "pt-BR"] as const;
const available = hunspellAvailable();
if (!available && process.env.CI === "true") throw new Error("CI=true but hunspell or its dictionaries are missing: scripts/test installs them with apt");
if (!available) console.warn("hunspell-oracle: skipped — install Debian's hunspell hunspell-es hunspell-fr hunspell-de-de hunspell-it hunspell-pt-br hunspell-en-us (scripts/test does)");

const engine = createBuiltinEngine();
const morph = (lang: Lang) => {
  const m = morphologyOf(engine.index().language(lang));
  if (!m) throw new Error(`no tables for ${lang}`);
  return m;
};
const PRONOUNS = "me te se ce ve lo la le li ne ci vi gli glie nos os los las les mi ti si".split(" ");
const plain = (w: string) => w.normalize("NFD").replace(/[\u0301]/g, "").normalize("NFC");

describe.skipIf(!available)("Hunspell oracle", () => {
  for (const lang of LANGS) {
    test(`${lang}: every generated form is accepted`, () => {
      const m = morph(lang);
      const { forms, attached } = tableWords(m);
      const excepted = exceptions[lang] as { lemmas: string[]; forms: string[] };
      const rejected = [...rejectedWords(lang, [...forms.keys()])].filter((w) => !excepted.forms.includes(w) && !excepted.lemmas.includes(forms.get(w) ?? ""));
      expect(rejected).toEqual([]);
      expect(forms.size).toBeGreaterThan(5000);
      // Attached forms (cómpralo, portandoglielo, anzurufen) stand on a host form of the tables.
      const hosts = new Set([...forms.keys()].map((f) => plain(foldCase(f))));
      const isHost = (w: string) => {
        const bare = plain(w);
        // Italian doubles the pronoun's consonant after a monosyllable (dimmi); nos drops an s (sentémonos).
        return hosts.has(bare) || hosts.has(bare + "e") || hosts.has(bare + "s") || hosts.has(bare + "d") || hosts.has(bare.slice(0, -1));
      };
      const strip = (w: string) => PRONOUNS.filter((p) => w.endsWith(p) && w.length > p.length + 1).map((p) => w.slice(0, -p.length));
      const orphans = [...attached.keys()].filter((a) => {
        if (m.lang === "de") return ![...a.matchAll(/zu/g)].some((z) => hosts.has(a.slice(0, z.index) + a.slice(z.index + 2)));
        const once = strip(a);
        return ![...once, ...once.flatMap(strip)].some(isHost);
      });
      expect(orphans.slice(0, 20)).toEqual([]);
    });
    test(`${lang}: corpus words Hunspell accepts are never corrected as misspellings`, async () => {
      const file = CORPORA[lang];
      if (!file) throw new Error(`no corpus for ${lang}`);
      const sentences = [...file.correct, ...file.errors.map((e) => e[0] as string)];
      const flagged: string[] = [];
      for (const message of sentences) {
        const turn = await engine.tutorTurn({ conversation: null, message, source_lang: "en", target_lang: lang, level: 3 });
        // (The accent of Spanish question words after ¿ is grammar, not spelling: ¿Donde → ¿Dónde.)
        const spelled = turn.corrections.filter((c) => (c.category === "spelling" || c.category === "accent") && !c.explanation.startsWith("Question words")).map((c) => c.original);
        const accepted = [...new Set(spelled)].filter((w) => !rejectedWords(lang, [w]).has(w) && !rejectedWords(lang, [foldCase(w)]).has(foldCase(w)));
        flagged.push(...accepted.map((w) => `${w} in ${message}`));
      }
      expect(flagged).toEqual([]);
    });
  }
});
