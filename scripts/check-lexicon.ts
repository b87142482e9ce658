// Checks lexicon files while they are written: `bun scripts/check-lexicon.ts [file…]` (default: all).
// Prints every problem and the per-topic counts at levels 1-4; exits 1 when anything is wrong.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { checkConcepts } from "../src/generation/builtin/lexicon-rules.ts";

const dir = join(import.meta.dir, "../src/generation/builtin/data/lexicon");
const all = readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => join(dir, f));
const files = process.argv.length > 2 ? process.argv.slice(2) : all;
const topicsFile = join(dir, "../topics.json");
const topicIds = existsSync(topicsFile)
  ? new Set<string>((JSON.parse(readFileSync(topicsFile, "utf8")).topics as { id: string }[]).map((t) => t.id))
  : null;

let failed = false;
const owner = new Map<string, string>();
for (const f of all) {
  try {
    for (const c of JSON.parse(readFileSync(f, "utf8")).concepts ?? []) if (c?.id) owner.set(`${c.id}`, owner.has(c.id) ? `${owner.get(c.id)}, ${f}` : f);
  } catch {}
}
for (const file of files) {
  let concepts: unknown[];
  try {
    concepts = JSON.parse(readFileSync(file, "utf8")).concepts;
  } catch (e) {
    console.log(`${file}: not valid JSON: ${(e as Error).message}`);
    failed = true;
    continue;
  }
  const problems = checkConcepts(concepts, topicIds);
  for (const c of concepts as { id: string }[]) {
    const o = owner.get(c.id);
    if (o && o.includes(",")) problems.push(`${c.id}: id also used in another file (${o})`);
  }
  const perTopic = new Map<string, number>();
  for (const c of concepts as { level: number; topics: string[] }[])
    if (c.level <= 4) for (const t of c.topics ?? []) perTopic.set(t, (perTopic.get(t) ?? 0) + 1);
  console.log(`${file}: ${concepts.length} concepts, ${problems.length} problems`);
  console.log("  levels 1-4 per topic:", Object.fromEntries([...perTopic].sort()));
  for (const p of problems) console.log("  " + p);
  if (problems.length) failed = true;
}
process.exit(failed ? 1 : 0);
