// Runs the regression corpus (test/generation/corpus/<lang>.json) through the built-in engine's
// tutor turn, as a learner's first message in a general conversation, and scores it: a correct
// sentence that comes back with any correction is a false correction; a learner error counts as
// fixed when the corrected message is exactly the expected sentence.
import { createBuiltinEngine } from "../../../src/generation/builtin/index.ts";
import type { Lang } from "../../../src/generation/languages.ts";
import de from "./de.json";
import es from "./es.json";
import fr from "./fr.json";
import it from "./it.json";
import pt from "./pt-BR.json";

export interface CorpusFile {
  lang: string;
  correct: string[];
  errors: string[][];
}

export const CORPORA: Record<string, CorpusFile> = { es, fr, de, it, "pt-BR": pt };

export interface CorpusScore {
  lang: Lang;
  correct: number;
  falseCorrections: { sentence: string; got: string | null }[];
  errors: number;
  fixed: number;
  missed: { sentence: string; expected: string; got: string | null }[];
}

export async function scoreCorpus(lang: Lang, level = 3): Promise<CorpusScore> {
  const engine = createBuiltinEngine();
  const file = CORPORA[lang] as CorpusFile;
  const turn = (message: string) => engine.tutorTurn({ conversation: null, message, source_lang: "en", target_lang: lang, level });
  const score: CorpusScore = { lang, correct: file.correct.length, falseCorrections: [], errors: file.errors.length, fixed: 0, missed: [] };
  for (const sentence of file.correct) {
    const result = await turn(sentence);
    if (result.corrections.length > 0) score.falseCorrections.push({ sentence, got: result.corrected_message });
  }
  for (const [sentence, expected] of file.errors as [string, string][]) {
    const result = await turn(sentence);
    if (result.corrected_message === expected) score.fixed++;
    else score.missed.push({ sentence, expected, got: result.corrected_message });
  }
  return score;
}
