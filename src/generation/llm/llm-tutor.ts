// A tutor turn from the model: an open conversation partner (no script). The learner's message,
// the scene, the NPC and the conversation so far are data blocks; the answer is checked (reply
// and suggestions in the target language, corrections that correct something) and the
// conversation state is the engine's own, never the model's.
import type { TutorRequest } from "../engine-input.ts";
import { LANGUAGE_NAMES } from "../languages.ts";
import type { ConversationState, TutorTurnResult } from "../model.ts";
import type { LlmContext } from "./llm-context.ts";
import { TutorAnswer } from "./llm-schemas.ts";
import { keepCorrection, knownConcept, languageProblems, llmItemId } from "./output-checks.ts";
import { dataBlock, messages, systemPrompt } from "./prompts.ts";
import { askStructured } from "./structured-answer.ts";

/** Turns kept in the state and sent as context: enough for a coherent conversation, bounded cost. */
const TURNS_KEPT = 20;
const OPEN_TOPIC = "open";

const TASK =
  "You are the learner's conversation partner in a role-play. Answer the learner's message in the target language, in character, " +
  "with words and sentences that suit the level. List the mistakes of the learner's message (original words as written, the corrected words, " +
  "a short explanation in the source language, a category); a message with no mistakes has no corrections. Give hints and two or three replies " +
  "the learner could say next, and new words your reply uses.";

export async function llmTutorTurn(ctx: LlmContext, request: TutorRequest): Promise<TutorTurnResult> {
  const index = await ctx.lexicon();
  const previous = request.conversation;
  const history = previous?.turns ?? [];
  const user = [
    "Task: answer the learner's message below.",
    ...(request.scene ? [dataBlock("scene", request.scene)] : []),
    ...(request.npc ? [dataBlock("npc_name", request.npc.name), ...(request.npc.persona ? [dataBlock("npc_persona", request.npc.persona)] : [])] : []),
    ...(request.planTopics.length > 0 ? [dataBlock("topic", request.planTopics.join(", "))] : []),
    ...(history.length > 0 ? [dataBlock("conversation", JSON.stringify(history))] : []),
    dataBlock("learner_message", request.message),
  ];
  const targetName = LANGUAGE_NAMES.en[request.target];
  const answer = await askStructured({
    client: ctx.client,
    log: ctx.log,
    operation: "tutor_turn",
    schemaName: "tutor_turn",
    schema: TutorAnswer,
    messages: messages(systemPrompt(request, TASK), user),
    check: (value) =>
      languageProblems(index, [{ path: "/reply", text: value.reply }, ...value.suggested_replies.map((r, i) => ({ path: `/suggested_replies/${i}/text`, text: r.text }))], request.target, targetName),
  });

  const corrections = answer.corrections.filter((c) => keepCorrection(index, request.target, c));
  if (corrections.length < answer.corrections.length) ctx.log.debug("llm.corrections_dropped", { dropped: answer.corrections.length - corrections.length });
  const introduced = new Set(previous?.introduced ?? []);
  const newVocabulary: TutorTurnResult["new_vocabulary"] = [];
  for (const word of answer.new_vocabulary) {
    // The display carries an article («la manzana», «l'école»): the word is the display without it.
    const bare = word.display.includes(" ") ? word.display.split(/\s+/).slice(1).join(" ") : word.display.replace(/^l['’]/i, "");
    const concept = knownConcept(index, request.target, word.display) ?? knownConcept(index, request.target, bare);
    const id = concept?.id ?? llmItemId(request.target, bare);
    if (introduced.has(id)) continue;
    introduced.add(id);
    newVocabulary.push({ id, display: word.display, translation: word.translation });
  }
  const step = (previous?.step ?? 0) + 1;
  const topic = request.planTopics[0] ?? previous?.topic ?? OPEN_TOPIC;
  const conversation: ConversationState = {
    v: 1,
    topic,
    step,
    done: answer.completed,
    misses: answer.understood ? 0 : (previous?.misses ?? 0) + 1,
    introduced: [...introduced],
    turns: [...history, { role: "learner" as const, text: request.message }, { role: "npc" as const, text: answer.reply }].slice(-TURNS_KEPT),
  };
  return {
    reply: answer.reply,
    reply_translation: answer.reply_translation,
    corrections,
    corrected_message: corrections.length > 0 ? answer.corrected_message : null,
    hints: answer.hints,
    suggested_replies: answer.suggested_replies,
    new_vocabulary: newVocabulary,
    // An open conversation has no script: each turn is a step and the count grows with it.
    progress: { topic, step_id: `turn-${step}`, step, steps: step, understood: answer.understood, intent: answer.intent, completed: answer.completed },
    conversation,
  };
}
