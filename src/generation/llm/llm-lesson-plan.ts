// A lesson plan from the model, one request per set: the overview alone first (so the plan's
// first set arrives fast), then each later set with the sets before it as context. Sets already
// committed (`after`) are context too and are never asked for again.
import type { Static, TSchema } from "elysia";
import type { LessonPlanRequest } from "../engine-input.ts";
import { LANGUAGE_NAMES } from "../languages.ts";
import { levelProfile } from "../levels.ts";
import type { LessonSet, Understood, VocabItem } from "../model.ts";
import type { LexiconIndex } from "../builtin/lexicon-index.ts";
import type { LlmContext } from "./llm-context.ts";
import { SET_KINDS } from "./llm-schemas.ts";
import { finishVocabItem, languageProblems } from "./output-checks.ts";
import { dataBlock, messages, systemPrompt } from "./prompts.ts";
import { askStructured } from "./structured-answer.ts";

type Texts = { path: string; text: string }[];

/** Target-language texts of a set, for the language check. */
function targetTexts(set: Record<string, unknown>, kind: string): Texts {
  const out: Texts = [];
  const add = (path: string, text: unknown) => typeof text === "string" && out.push({ path, text });
  const s = set as Record<string, any>;
  if (kind === "overview") (s.phrases ?? []).forEach((p: any, i: number) => add(`/phrases/${i}/text`, p.text));
  if (kind === "grammar") (s.point?.examples ?? []).forEach((e: unknown, i: number) => add(`/point/examples/${i}`, e));
  if (kind === "role_play") (s.steps ?? []).forEach((step: any, i: number) => add(`/steps/${i}/npc/text`, step.npc?.text));
  if (kind === "exit_check") (s.questions ?? []).forEach((q: any, i: number) => q.type === "respond" && add(`/questions/${i}/model_answer`, q.model_answer));
  return out;
}

/** What a later set needs to know of the plan so far (our own output, still passed as data). */
function planSoFar(sets: readonly LessonSet[]): string {
  return JSON.stringify(
    sets.map((set) => {
      if (set.kind === "overview") return { kind: set.kind, title: set.title, topics: set.topics.map((t) => t.name_target), vocabulary: set.vocabulary.map((v) => `${v.display} = ${v.translation}`), phrases: set.phrases.map((p) => p.text) };
      if (set.kind === "grammar") return { kind: set.kind, title: set.title, point: set.point.title };
      return { kind: set.kind, title: set.title };
    }),
  );
}

export async function* llmLessonPlan(ctx: LlmContext, request: LessonPlanRequest, after: readonly LessonSet[]): AsyncGenerator<LessonSet> {
  const index = await ctx.lexicon();
  const sets: LessonSet[] = after.slice();
  const subject = dataBlock(request.subject.kind, request.subject.text);
  const npc = request.npc ? [dataBlock("npc_name", request.npc.name), ...(request.npc.persona ? [dataBlock("npc_persona", request.npc.persona)] : [])] : [];
  // Kinds already made are skipped by kind, not by position: a plan the built-in engine began may
  // lack a set (it leaves out a set it has nothing for), and indexes stay consecutive.
  for (const spec of SET_KINDS.filter((k) => !after.some((s) => s.kind === k.kind))) {
    const position = sets.length + 1;
    const user = [
      `Task: the ${spec.kind} set (set ${position}) of a lesson plan on this ${request.subject.kind}:`,
      subject,
      ...npc,
      ...(sets.length > 0 ? ["The plan so far:", dataBlock("plan", planSoFar(sets))] : []),
    ];
    const schema = spec.schema as TSchema;
    const answer = await askStructured({
      client: ctx.client,
      log: ctx.log,
      operation: "lesson_plan",
      schemaName: `lesson_set_${spec.kind}`,
      schema,
      messages: messages(systemPrompt(request, spec.task), user),
      check: (value: Static<TSchema>) => languageProblems(index, targetTexts(value as Record<string, unknown>, spec.kind), request.target, LANGUAGE_NAMES.en[request.target]),
    });
    const set = finishSet(index, answer as Record<string, unknown>, spec.kind, position, request);
    sets.push(set);
    yield set;
  }
}

/** The engine's own fields on a set: its index, the level, vocabulary ids and levels, the NPC the caller gave. */
function finishSet(index: LexiconIndex, answer: Record<string, unknown>, kind: string, position: number, request: LessonPlanRequest): LessonSet {
  if (kind === "overview") {
    const vocabulary: VocabItem[] = [];
    for (const draft of answer.vocabulary as Parameters<typeof finishVocabItem>[1][]) {
      const finished = finishVocabItem(index, draft, request);
      if ("item" in finished && !vocabulary.some((v) => v.id === finished.item.id)) vocabulary.push(finished.item);
    }
    const { cefr } = levelProfile(request.level);
    // Concepts are the engine's lexicon ids: the model's are kept only where the lexicon has them
    // (the vocabulary items it wrote that the lexicon knows are the concepts it used).
    const said = answer.understood as Understood;
    const concepts = [...new Set([...said.concepts.filter((id) => index.conceptById.has(id)), ...vocabulary.map((v) => v.id).filter((id) => index.conceptById.has(id))])];
    const understood: Understood = { ...said, concepts, confidence: Math.min(1, Math.max(0, said.confidence)) };
    return { ...(answer as object), index: 1, kind: "overview", level: { value: request.level, cefr }, vocabulary, understood } as LessonSet;
  }
  const set = { ...answer, index: position } as Record<string, unknown>;
  if (kind === "role_play") {
    const npc = set.npc as { name: string; persona: string | null; given: boolean };
    set.npc = request.npc ? { name: request.npc.name, persona: request.npc.persona, given: true } : { ...npc, given: false };
  }
  return set as LessonSet;
}
