// Benchmark of the built-in engine: `bun scripts/bench/engine.ts [--runs N] [--json]`.
// Prints median and p99 for each operation against the bars (lesson plan first set
// < 20 ms and whole plan < 100 ms, 20-item vocabulary first item < 5 ms, tutor turn < 10 ms,
// all at the median), and each as a ratio of a baseline measured in the same run (a JSON round
// trip of one plan), so numbers from different machines can be compared. Not a test: it never
// fails on time.
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { LANGS } from "../../src/generation/languages.ts";

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1]) || 400;
const asJson = args.includes("--json");

// Every scene is one the engine understands: a scene it does not is refused before any work (scene/plan-understanding.ts).
const SCENES = ["A busy fish market at dawn", "Una estación de tren con mucha gente", "Un petit café près du port", "Ein Bauernhof mit Kühen", "Il castello medievale sulla collina", "Uma farmácia no centro da cidade", "A lost passport at a London police station"];
const MESSAGES = ["Hello!", "Hola, quiero dos manzanas", "Je voudrais un café, s'il vous plaît", "Ich möchte bezahlen", "Vorrei il conto", "Eu quero um quilo de batatas"];
const PAIRS = LANGS.flatMap((s) => LANGS.filter((t) => t !== s).map((t) => [s, t] as const));

const input = (i: number) => {
  const [source, target] = PAIRS[i % PAIRS.length] as readonly [string, string];
  return { source_lang: source, target_lang: target, level: (i % 9) + 1, scene: SCENES[i % SCENES.length] as string };
};

function stats(samples: number[]) {
  const sorted = samples.slice().sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { median: at(0.5), p99: at(0.99) };
}

const engine = createBuiltinEngine();
const loadStart = performance.now();
engine.index();
const loadMs = performance.now() - loadStart;

// The first plan and turn also build the per-language tables (scene stems, spelling): report them
// apart, then warm up so the runs below measure steady state.
let coldStart = performance.now();
await Array.fromAsync(engine.lessonPlan(input(0)));
const coldPlanMs = performance.now() - coldStart;
coldStart = performance.now();
await engine.tutorTurn({ ...input(0), conversation: null, message: "Hola" });
const coldTutorMs = performance.now() - coldStart;
for (let i = 0; i < PAIRS.length * 2; i++) {
  await Array.fromAsync(engine.lessonPlan(input(i)));
  await engine.tutorTurn({ ...input(i), conversation: null, message: MESSAGES[i % MESSAGES.length] as string });
}

const firstSet: number[] = [];
const wholePlan: number[] = [];
const firstItem: number[] = [];
const wholeList: number[] = [];
const tutor: number[] = [];
const tutorWithPlan: number[] = [];
const baseline: number[] = [];
for (let i = 0; i < runs; i++) {
  const { scene, ...pair } = input(i);
  let start = performance.now();
  const sets = [];
  for await (const set of engine.lessonPlan({ ...pair, scene })) {
    if (sets.length === 0) firstSet.push(performance.now() - start);
    sets.push(set);
  }
  wholePlan.push(performance.now() - start);

  start = performance.now();
  let n = 0;
  for await (const _ of engine.vocabulary({ ...pair, topic: scene, count: 20 })) if (n++ === 0) firstItem.push(performance.now() - start);
  wholeList.push(performance.now() - start);

  start = performance.now();
  await engine.tutorTurn({ ...pair, scene, conversation: null, message: MESSAGES[i % MESSAGES.length] as string });
  tutor.push(performance.now() - start);

  // The same turn given the plan just made: the tutor plays the plan's role-play (tutor/plan-script.ts).
  start = performance.now();
  await engine.tutorTurn({ ...pair, scene, conversation: null, message: MESSAGES[i % MESSAGES.length] as string, plan: { sets } });
  tutorWithPlan.push(performance.now() - start);

  start = performance.now();
  JSON.parse(JSON.stringify(sets));
  baseline.push(performance.now() - start);
}

const base = stats(baseline).median;
const rows = [
  { case: "lesson plan, first set", ...stats(firstSet), bar: 20 },
  { case: "lesson plan, whole", ...stats(wholePlan), bar: 100 },
  { case: "vocabulary (20), first item", ...stats(firstItem), bar: 5 },
  { case: "vocabulary (20), whole list", ...stats(wholeList), bar: null },
  { case: "tutor turn", ...stats(tutor), bar: 10 },
  { case: "tutor turn, with the plan", ...stats(tutorWithPlan), bar: 10 },
].map((r) => ({ ...r, meets_bar: r.bar === null ? null : r.median < r.bar, x_baseline: r.median / base }));

if (asJson) {
  console.log(JSON.stringify({ runs, load_ms: loadMs, cold_plan_ms: coldPlanMs, cold_tutor_ms: coldTutorMs, baseline_ms: base, rows }));
} else {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  console.log(`built-in engine, ${runs} runs per case over ${PAIRS.length} language pairs and levels 1-9 (warm)`);
  console.log(`first use: data check + index ${loadMs.toFixed(0)} ms, then first plan ${coldPlanMs.toFixed(0)} ms, first tutor turn ${coldTutorMs.toFixed(0)} ms`);
  console.log(`baseline (JSON round trip of a plan): ${base.toFixed(3)} ms\n`);
  console.log(`${"case".padEnd(30)}${"median".padStart(10)}${"p99".padStart(10)}   bar (median)   ×baseline`);
  for (const r of rows) {
    const bar = r.bar === null ? "—".padEnd(12) : `< ${r.bar} ms ${r.meets_bar ? "ok" : "MISSED"}`.padEnd(12);
    console.log(`${r.case.padEnd(30)}${ms(r.median)}${ms(r.p99)}   ${bar}   ${r.x_baseline.toFixed(1).padStart(8)}`);
  }
}
