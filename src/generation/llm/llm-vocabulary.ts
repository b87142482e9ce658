// Vocabulary from the model, streamed: each item is parsed, validated and checked as soon as its
// closing brace arrives, and yielded at once. When the whole answer turns out malformed, one
// repair request asks again and only the items not yet sent are yielded from it.
import { Value } from "@sinclair/typebox/value";
import type { VocabularyRequest } from "../engine-input.ts";
import type { VocabItem } from "../model.ts";
import { buildVocabItem } from "../builtin/vocab-item.ts";
import type { ChatAnswer } from "./chat-client.ts";
import { ArrayElementScanner } from "./json-stream.ts";
import { LlmError } from "./llm-errors.ts";
import { finishVocabItem, type VocabDraft } from "./output-checks.ts";
import { dataBlock, messages, systemPrompt } from "./prompts.ts";
import { VocabDraftItem, VocabularyAnswer } from "./llm-schemas.ts";
import { parseAnswer, repair, type AskOptions } from "./structured-answer.ts";
import type { LlmContext } from "./llm-context.ts";

/** Items asked for beyond `count`: some may be dropped by the checks (band, language, exclude). */
const spare = (count: number) => Math.min(10, Math.ceil(count / 4));

export async function* llmVocabulary(ctx: LlmContext, request: VocabularyRequest): AsyncGenerator<VocabItem> {
  const index = await ctx.lexicon();
  const asked = request.count + spare(request.count);
  const excluded = [...request.exclude].map((id) => index.conceptById.get(id)).filter((c) => c !== undefined).map((c) => buildVocabItem(c, request.source, request.target).display);
  const user = [
    `Task: list ${asked} vocabulary items for this learner${request.topic ? " on the topic below" : " from everyday life"}, most useful first, each a different word.`,
    ...(request.topic ? [dataBlock("topic", request.topic)] : []),
    ...(excluded.length > 0 ? [`The learner already knows these words; do not list them:`, dataBlock("known_words", excluded.join(", "))] : []),
  ];
  const options: AskOptions<typeof VocabularyAnswer> = {
    client: ctx.client,
    log: ctx.log,
    operation: "vocabulary",
    schemaName: "vocabulary",
    schema: VocabularyAnswer,
    messages: messages(
      systemPrompt(request, "Write vocabulary items: the term as a lemma (nouns singular, verbs infinitive), its definite article and gender for nouns (null otherwise), display with the article, plural forms, part of speech, translation, an example sentence in the target language with its translation, and the word's level 1-9 on Parla's scale (1 = A1 … 9 = C2)."),
      user,
    ),
  };

  const sent = new Set<string>();
  let yielded = 0;
  const accept = (draft: VocabDraft): VocabItem | null => {
    if (yielded >= request.count) return null;
    const finished = finishVocabItem(index, draft, request);
    if ("dropped" in finished) {
      ctx.log.debug("llm.vocabulary_item_dropped", { reason: finished.dropped });
      return null;
    }
    const { item } = finished;
    if (sent.has(item.id) || request.exclude.has(item.id)) return null;
    sent.add(item.id);
    yielded++;
    return item;
  };

  // The request runs while items are yielded: a queue between the stream callback and this generator.
  const scanner = new ArrayElementScanner();
  const ready: VocabItem[] = [];
  let wake: (() => void) | null = null;
  let invalidItem = false;
  let settled: ChatAnswer | null = null;
  let failure: unknown = null;
  const pending = ctx.client
    .complete({
      operation: "vocabulary",
      schemaName: "vocabulary",
      schema: VocabularyAnswer as unknown as Record<string, unknown>,
      messages: options.messages,
      kind: "answer",
      onText: (delta) => {
        for (const element of scanner.push(delta)) {
          let draft: unknown;
          try {
            draft = JSON.parse(element);
          } catch {
            invalidItem = true;
            continue;
          }
          if (!Value.Check(VocabDraftItem, draft)) {
            invalidItem = true;
            continue;
          }
          const item = accept(draft);
          if (item) ready.push(item);
        }
        wake?.();
      },
    })
    .then(
      (a) => {
        settled = a;
        wake?.();
      },
      (e) => {
        failure = e ?? new LlmError("unavailable", "the model request failed");
        wake?.();
      },
    );
  try {
    while (true) {
      while (ready.length > 0) yield ready.shift() as VocabItem;
      if (failure) throw failure;
      if (settled) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (ready.length > 0 || settled || failure) resolve();
      });
      wake = null;
    }
  } finally {
    // A caller that stops reading early still paid for the answer: its tokens are recorded when it ends.
    if (!settled && !failure) void pending.then(() => (settled as ChatAnswer | null)?.settle("ok"));
  }
  const first = settled as unknown as ChatAnswer;
  const checked = parseAnswer(first.text, VocabularyAnswer);
  if (checked.ok && !invalidItem) {
    await first.settle("ok");
    return;
  }
  await first.settle("invalid");
  if (yielded >= request.count) return;
  const problems = checked.ok ? ["some items do not match the item schema"] : checked.problems;
  const repaired = await repair(options, first.text, problems);
  for (const draft of repaired.items) {
    const item = accept(draft);
    if (item) yield item;
  }
}
