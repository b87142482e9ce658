// Benchmark of the LLM engine's own work, against the local OpenAI-compatible test server:
// `bun scripts/bench/llm-engine.ts [--runs N] [--chunk-ms MS] [--json]`.
// The server answers with the built-in engine's content, streamed in 40-character chunks with
// `--chunk-ms` between them (default 2 ms, a fast model). Printed as ratios of a baseline measured
// in the same run — the same requests sent straight to the server with fetch and read to the end —
// so what is left is the engine's cost: prompts, validation, checks, parsing as items stream. Also:
// how early the first vocabulary item arrives compared with the whole list. Not a test.
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { createLlmEngine } from "../../src/generation/llm/llm-engine.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { silentLogger } from "../../src/lib/logger.ts";
import { answerJson, startOpenAiTestServer, type ReceivedRequest } from "../../test/helpers/openai-test-server.ts";
import { builtinAnswer } from "../../test/generation/llm/builtin-backed-model.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const runs = flag("--runs", 30);
const chunkMs = flag("--chunk-ms", 2);
const asJson = args.includes("--json");

const builtin = createBuiltinEngine();
const server = startOpenAiTestServer();
const answers = new Map<string, unknown>();
const keyOf = (r: ReceivedRequest) => JSON.stringify(r.body.messages);
server.setDefault(async (r) => {
  // The content is made once per distinct request, so the baseline and the engine pay the same.
  let value = answers.get(keyOf(r));
  if (value === undefined) answers.set(keyOf(r), (value = await builtinAnswer(builtin, r)));
  if (!r.body.stream) return answerJson(value)(r);
  const text = JSON.stringify(value);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const encoder = new TextEncoder();
      for (let at = 0; at < text.length; at += 40) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify({ id: "b", object: "chat.completion.chunk", created: 0, model: r.body.model, choices: [{ index: 0, delta: { content: text.slice(at, at + 40) }, finish_reason: null }] })}\n\n`));
        if (chunkMs > 0) await Bun.sleep(chunkMs);
      }
      controller.enqueue(encoder.encode("data: [DONE]\n\n"));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
});


const engine = createLlmEngine({ baseUrl: server.url, apiKey: "bench", model: "bench-model", timeoutMs: 30_000, maxRetries: 0, log: silentLogger, clock: systemClock, lexicon: async () => builtin.index() });
const VOCAB = { source_lang: "en", target_lang: "es", level: 3, topic: "food", count: 20 } as const;
const PLAN = { source_lang: "en", target_lang: "fr", level: 4, scene: "a small bakery in the morning" } as const;
const TURN = { source_lang: "en", target_lang: "de", level: 2, scene: "a train station", message: "Ich möchte eine Fahrkarte nach Berlin" } as const;

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

// Warm up (data index, answers cache, connections) and record the requests to replay for the baseline.
await Array.fromAsync(engine.vocabulary(VOCAB));
await Array.fromAsync(engine.lessonPlan(PLAN));
await engine.tutorTurn(TURN);
const recorded = server.requests.map((r) => r.body);
const replay = async (bodies: typeof recorded) => {
  for (const body of bodies) {
    const res = await fetch(`${server.url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    await res.text();
  }
};
const vocabBodies = recorded.filter((b) => b.response_format?.json_schema?.name === "vocabulary");
const planBodies = recorded.filter((b) => b.response_format?.json_schema?.name?.startsWith("lesson_set_"));
const turnBodies = recorded.filter((b) => b.response_format?.json_schema?.name === "tutor_turn");

const samples = { vocabBase: [] as number[], vocab: [] as number[], vocabFirst: [] as number[], planBase: [] as number[], plan: [] as number[], planFirst: [] as number[], turnBase: [] as number[], turn: [] as number[] };
for (let i = 0; i < runs; i++) {
  samples.vocabBase.push(await time(() => replay(vocabBodies)));
  samples.vocab.push(
    await time(async () => {
      const start = performance.now();
      let first = true;
      for await (const _ of engine.vocabulary(VOCAB)) {
        if (first) samples.vocabFirst.push(performance.now() - start);
        first = false;
      }
    }),
  );
  samples.planBase.push(await time(() => replay(planBodies)));
  samples.plan.push(
    await time(async () => {
      const start = performance.now();
      let first = true;
      for await (const _ of engine.lessonPlan(PLAN)) {
        if (first) samples.planFirst.push(performance.now() - start);
        first = false;
      }
    }),
  );
  samples.turnBase.push(await time(() => replay(turnBodies)));
  samples.turn.push(await time(() => engine.tutorTurn(TURN)));
}
server.close();

const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])) as Record<keyof typeof samples, number>;
const report = {
  runs,
  chunk_ms: chunkMs,
  vocabulary: { engine_over_baseline: m.vocab / m.vocabBase, first_item_share_of_whole: m.vocabFirst / m.vocab },
  lesson_plan: { engine_over_baseline: m.plan / m.planBase, first_set_share_of_whole: m.planFirst / m.plan, requests: planBodies.length },
  tutor_turn: { engine_over_baseline: m.turn / m.turnBase },
  medians_ms: m,
};
if (asJson) console.log(JSON.stringify(report));
else {
  const r = (x: number) => x.toFixed(2);
  console.log(`LLM engine against the test server (${runs} runs, ${chunkMs} ms between 40-character chunks); ratios of the same requests sent with fetch alone`);
  console.log(`vocabulary (20 items):   ${r(report.vocabulary.engine_over_baseline)}× baseline; first item after ${r(report.vocabulary.first_item_share_of_whole * 100)} % of the whole list's time`);
  console.log(`lesson plan (${planBodies.length} requests): ${r(report.lesson_plan.engine_over_baseline)}× baseline; first set after ${r(report.lesson_plan.first_set_share_of_whole * 100)} % of the whole plan's time`);
  console.log(`tutor turn:              ${r(report.tutor_turn.engine_over_baseline)}× baseline`);
}
