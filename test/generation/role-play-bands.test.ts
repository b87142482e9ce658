// Role-plays change with the level band (A1–A2+, B1–B2+, C1–C2): the same scene at level 1 and
// level 8 has NPC lines that share under half their words and are at least 1.4 times longer,
// in every language pair; the translation of every line carries the same band sentence.
import { expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { BAND_LINES } from "../../src/generation/builtin/scene/band-lines.ts";
import { LANGS } from "../../src/generation/languages.ts";
import type { LessonSet, RolePlaySet } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();

async function npcLines(source: string, target: string, level: number, scene: string): Promise<{ text: string; translation: string }[]> {
  const sets: LessonSet[] = await Array.fromAsync(engine.lessonPlan({ source_lang: source, target_lang: target, level, scene }));
  const rp = sets.find((s): s is RolePlaySet => s.kind === "role_play");
  if (!rp) throw new Error("no role-play");
  return rp.steps.map((s) => s.npc);
}

const wordsOf = (lines: { text: string }[]) => lines.flatMap((l) => l.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

test("level 1 against level 8: overlap under 0.5 and at least 1.4 times longer, in all 30 pairs", async () => {
  for (const source of LANGS) {
    for (const target of LANGS) {
      if (source === target) continue;
      for (const scene of ["ordering dinner in a restaurant", "a hotel reception in Rome"]) {
        const low = wordsOf(await npcLines(source, target, 1, scene));
        const high = wordsOf(await npcLines(source, target, 8, scene));
        const a = new Set(low);
        const b = new Set(high);
        const overlap = [...a].filter((w) => b.has(w)).length / new Set([...a, ...b]).size;
        expect(overlap, `${source}-${target} ${scene}`).toBeLessThan(0.5);
        expect(high.length / low.length, `${source}-${target} ${scene}`).toBeGreaterThanOrEqual(1.4);
      }
    }
  }
}, 120_000);

test("each band's sentence is in the line and the same sentence is in its translation", async () => {
  const lines = await npcLines("en", "de", 5, "ordering dinner in a restaurant");
  expect(lines[0]?.text).toContain(BAND_LINES.B.open.de);
  expect(lines[0]?.translation).toContain(BAND_LINES.B.open.en);
  const c = await npcLines("fr", "it", 9, "ordering dinner in a restaurant");
  expect(c[c.length - 1]?.text).toContain(BAND_LINES.C.close.it);
  expect(c[c.length - 1]?.translation).toContain(BAND_LINES.C.close.fr);
}, 60_000);
