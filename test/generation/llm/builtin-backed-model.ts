// A stand-in model for the test server: it reads the request the LLM engine sent (the schema's
// name, the language pair in the system prompt, the data blocks) and answers with what the
// built-in engine makes for the same request, shaped as the answer schema asks. The content is
// real teaching text in the right languages and bands, so it passes the engine's output checks
// and any failure is the LLM engine's own.
import type { BuiltinEngine } from "../../../src/generation/builtin/index.ts";
import { LANGS, LANGUAGE_NAMES, type Lang } from "../../../src/generation/languages.ts";
import type { LessonSet, VocabItem } from "../../../src/generation/model.ts";
import { answerJson, dataBlockOf, streamJson, type ReceivedRequest, type Reply } from "../../helpers/openai-test-server.ts";

export function pairOf(request: ReceivedRequest): { source: Lang; target: Lang; level: number } {
  const system = request.body.messages[0]?.content ?? "";
  const m = system.match(/speaks (\w+).*? is learning (\w+).*? at level (\d) of 9/);
  if (!m) throw new Error("no language pair in the system prompt");
  const byName = (name: string) => LANGS.find((l) => LANGUAGE_NAMES.en[l] === name) as Lang;
  return { source: byName(m[1] as string), target: byName(m[2] as string), level: Number(m[3]) };
}

export const draftOf = ({ id: _id, cefr: _cefr, topics: _topics, ...draft }: VocabItem) => draft;

export async function builtinAnswer(builtin: BuiltinEngine, request: ReceivedRequest): Promise<unknown> {
  const name = request.body.response_format?.json_schema?.name ?? "";
  const pair = pairOf(request);
  const langs = { source_lang: pair.source, target_lang: pair.target, level: pair.level };
  if (name === "vocabulary") {
    const user = request.body.messages[1]?.content ?? "";
    const asked = Number(user.match(/list (\d+) vocabulary items/)?.[1] ?? 10);
    const known = new Set((dataBlockOf(request, "known_words") ?? "").split(", "));
    const topic = dataBlockOf(request, "topic");
    const items = await Array.fromAsync(builtin.vocabulary({ ...langs, count: 50, ...(topic ? { topic } : {}) }));
    return { items: items.filter((i) => !known.has(i.display)).slice(0, asked).map(draftOf) };
  }
  if (name.startsWith("lesson_set_")) {
    const kind = name.slice("lesson_set_".length);
    const topic = dataBlockOf(request, "topic");
    const scene = dataBlockOf(request, "scene");
    const npcName = dataBlockOf(request, "npc_name");
    const persona = dataBlockOf(request, "npc_persona");
    const sets = await Array.fromAsync(
      builtin.lessonPlan({ ...langs, ...(topic ? { topic } : { scene: scene as string }), ...(npcName ? { npc: { name: npcName, ...(persona ? { persona } : {}) } } : {}) }),
    );
    const set = sets.find((s) => s.kind === kind) as LessonSet;
    const { index: _index, ...rest } = set as LessonSet & Record<string, unknown>;
    if (set.kind === "overview") {
      const { level: _level, ...overview } = rest as Record<string, unknown>;
      return { ...overview, vocabulary: set.vocabulary.map(draftOf) };
    }
    return rest;
  }
  if (name === "tutor_turn") {
    const message = dataBlockOf(request, "learner_message") ?? "";
    const scene = dataBlockOf(request, "scene");
    const turn = await builtin.tutorTurn({ ...langs, message, ...(scene ? { scene } : {}) });
    return {
      reply: turn.reply,
      reply_translation: turn.reply_translation,
      corrections: turn.corrections,
      corrected_message: turn.corrected_message,
      hints: turn.hints,
      suggested_replies: turn.suggested_replies,
      new_vocabulary: turn.new_vocabulary.map(({ display, translation }) => ({ display, translation })),
      understood: turn.progress.understood,
      intent: turn.progress.intent,
      completed: turn.progress.completed,
    };
  }
  throw new Error(`no answer for schema ${name}`);
}

/** Answers every request from the built-in engine (streamed when the request asks for a stream). */
export function builtinBackedModel(builtin: BuiltinEngine): Reply {
  return async (request) => {
    const value = await builtinAnswer(builtin, request);
    return (request.body.stream ? streamJson(value, 40) : answerJson(value))(request);
  };
}
