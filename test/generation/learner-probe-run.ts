// The learner-sentence probe (test/generation/corrections/learner-probe.json), written apart from
// the correction tables so it measures how the checks generalise: 48 sentences with one error of a
// family each, and 72 correct sentences (coordinated auxiliaries, idioms, proper nouns) that must
// come back untouched. Shared by the probe test and `bun test/generation/learner-probe-run.ts`.
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import type { Lang } from "../../src/generation/languages.ts";
import probe from "./corrections/learner-probe.json";

export interface ProbeResult {
  lang: Lang;
  family: string;
  message: string;
  expected: string | null;
  got: string;
  ok: boolean;
}

const engine = createBuiltinEngine();
const turn = (target: Lang, message: string) => engine.tutorTurn({ conversation: null, message, source_lang: target === "en" ? "es" : "en", target_lang: target, level: 3 });

export async function runProbe(): Promise<ProbeResult[]> {
  const out: ProbeResult[] = [];
  for (const [lang, rows] of Object.entries(probe) as [Lang, { errors: [string, string, string][]; correct: string[] }][]) {
    for (const [family, message, expected] of rows.errors) {
      const got = (await turn(lang, message)).corrected_message ?? message;
      out.push({ lang, family, message, expected, got, ok: got === expected });
    }
    for (const message of rows.correct) {
      const result = await turn(lang, message);
      const got = result.corrected_message ?? message;
      out.push({ lang, family: "correct", message, expected: null, got, ok: result.corrections.length === 0 && got === message });
    }
  }
  return out;
}

if (import.meta.main) {
  const results = await runProbe();
  const errors = results.filter((r) => r.expected !== null);
  const correct = results.filter((r) => r.expected === null);
  for (const r of results.filter((x) => !x.ok)) console.log(`MISS ${r.lang} ${r.family}: ${r.message} → ${r.got}${r.expected ? `  (want ${r.expected})` : ""}`);
  console.log(`errors fixed ${errors.filter((r) => r.ok).length}/${errors.length}; correct sentences changed ${correct.filter((r) => !r.ok).length}/${correct.length}`);
}
