// Prints the tutor's rates on the regression corpus: false corrections of correct sentences and
// learner errors fixed, per language; `--verbose` lists every miss.
import { CORPORA, scoreCorpus } from "../test/generation/corpus/run-corpus.ts";
import type { Lang } from "../src/generation/languages.ts";

const verbose = process.argv.includes("--verbose");
for (const lang of Object.keys(CORPORA) as Lang[]) {
  const s = await scoreCorpus(lang);
  console.log(`${lang.padEnd(6)} false corrections ${s.falseCorrections.length}/${s.correct}   fixed ${s.fixed}/${s.errors} (${Math.round((100 * s.fixed) / s.errors)}%)`);
  if (verbose) {
    for (const f of s.falseCorrections) console.log(`   FALSE  ${f.sentence}  →  ${f.got}`);
    for (const m of s.missed) console.log(`   MISS   ${m.sentence}  →  ${m.got}   (want ${m.expected})`);
  }
}
