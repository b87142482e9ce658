// Plain-text views of engine output for `parla engine …` without --json: compact enough to read
// a whole lesson plan in a terminal and judge its content.
import type { DataStats } from "./builtin/data-stats.ts";
import type { Exercise, ExitQuestion, LessonSet, TutorTurnResult, VocabItem } from "./model.ts";

export function formatVocabItem(item: VocabItem, n: number): string {
  const grammar = [item.gender, item.plural_display ? `pl. ${item.plural_display}` : null].filter(Boolean).join(", ");
  return [
    `${String(n).padStart(2)}. ${item.display}${grammar ? ` (${grammar})` : ""} — ${item.translation_display}   [${item.cefr}, ${item.pos}, ${item.id}]`,
    `    ${item.example.text}`,
    `    ${item.example.translation}`,
  ].join("\n");
}

function formatExercise(e: Exercise): string[] {
  const lines = [`  * ${e.type}: ${e.instructions}`];
  switch (e.type) {
    case "matching":
      lines.push(`    ${e.left.map((l) => `${l.key}) ${l.text}`).join("   ")}`, `    ${e.right.map((r) => `${r.key}) ${r.text}`).join("   ")}`);
      lines.push(`    key: ${e.answers.map((a) => `${a.left}-${a.right}`).join(" ")}`);
      break;
    case "gap_fill":
      lines.push(`    box: ${e.word_bank.join(", ")}`, ...e.items.map((i) => `    - ${i.prompt}${i.hint ? `  (${i.hint})` : ""} → ${i.answer}`));
      break;
    case "translation":
      lines.push(...e.items.map((i) => `    - ${i.prompt} → ${i.answer}`));
      break;
    case "dialogue_order":
      lines.push(...e.lines.map((l) => `    ${l.key} [${l.speaker}] ${l.text}`), `    key: ${e.answer.join(" ")}`);
      break;
    case "choose_correct":
      lines.push(...e.items.map((i) => `    - ${i.options.join(" / ")} → ${i.answer}  (${i.explanation})`));
      break;
  }
  return lines;
}

function formatQuestion(q: ExitQuestion): string {
  switch (q.type) {
    case "choose_translation":
      return `  - ${q.prompt} ${q.options.join(" / ")} → ${q.answer}`;
    case "gap_fill":
      return `  - ${q.prompt} (${q.hint}) → ${q.answer}`;
    case "respond":
      return `  - ${q.situation} → ${q.model_answer}`;
    case "choose_correct":
      return `  - ${q.prompt} ${q.options.join(" / ")} → ${q.answer}`;
  }
}

export function formatSet(set: LessonSet): string {
  const lines = [`== ${set.index}. ${set.title} ==`];
  switch (set.kind) {
    case "overview":
      lines.push(`Level ${set.level.value} (${set.level.cefr}); topics: ${set.topics.map((t) => `${t.name} [${t.id}]`).join(", ")}`);
      lines.push("Objectives:", ...set.objectives.map((o) => `  - ${o.can_do}`));
      lines.push("Vocabulary:", ...set.vocabulary.map((v, i) => formatVocabItem(v, i + 1)));
      lines.push("Phrases:", ...set.phrases.map((p) => `  - ${p.text} — ${p.translation}  (${p.function}, level ${p.level})`));
      break;
    case "grammar":
      lines.push(`Form: ${set.point.form}`, `Meaning: ${set.point.meaning}`, `Use: ${set.point.use}`);
      lines.push("Examples:", ...set.point.examples.map((e) => `  - ${e}`));
      lines.push("Common errors:", ...set.point.common_errors.map((e) => `  - ✗ ${e.wrong}  ✓ ${e.right}  (${e.note})`));
      break;
    case "exercises":
      for (const e of set.exercises) lines.push(...formatExercise(e));
      break;
    case "role_play":
      lines.push(`Partner: ${set.npc.name}${set.npc.persona ? ` — ${set.npc.persona}` : ""}`, set.setting, set.goal);
      for (const step of set.steps) {
        lines.push(`  [${step.id}]`, ...step.learner_options.map((o) => `    you: ${o.text}  (${o.translation})`));
        lines.push(`    ${set.npc.name}: ${step.npc.text}  (${step.npc.translation})`);
      }
      break;
    case "exit_check":
      lines.push(...set.questions.map(formatQuestion), `Pass mark: ${set.pass_mark}/${set.questions.length}`);
      lines.push("Self-check:", ...set.self_check.map((s) => `  [ ] ${s}`));
      break;
  }
  return lines.join("\n");
}

export function formatTurn(result: TutorTurnResult, npcName: string): string {
  const lines = [`${npcName}: ${result.reply}`, `${" ".repeat(npcName.length + 2)}(${result.reply_translation})`];
  if (result.corrections.length > 0) {
    lines.push("Corrections:", ...result.corrections.map((c) => `  - ${c.original} → ${c.corrected}: ${c.explanation} [${c.category}]`));
  }
  if (result.hints.length > 0) lines.push("Hints:", ...result.hints.map((h) => `  - ${h}`));
  if (result.suggested_replies.length > 0) lines.push("You could say:", ...result.suggested_replies.map((s) => `  - ${s.text}  (${s.translation})`));
  if (result.new_vocabulary.length > 0) lines.push(`New words: ${result.new_vocabulary.map((v) => `${v.display} = ${v.translation}`).join("; ")}`);
  const p = result.progress;
  lines.push(`Progress: ${p.completed ? "scene complete" : `step ${p.step}/${p.steps} (${p.step_id})`}, topic ${p.topic}${p.intent ? `, understood: ${p.intent}` : p.understood ? "" : ", not understood"}`);
  return lines.join("\n");
}

export function formatStats(s: DataStats): string {
  const lines = [
    `Concepts: ${s.concepts}   Topics: ${s.topics}   Phrases: ${s.phrases}   Grammar points: ${s.grammar_points}   Scenarios: ${s.scenarios}`,
    `By level: ${Object.entries(s.by_level).map(([l, n]) => `${l}: ${n}`).join("  ")}`,
    `By part of speech: ${Object.entries(s.by_pos).map(([p, n]) => `${p}: ${n}`).join("  ")}`,
    "Per language (lemmas / known words / grammar points):",
    ...Object.entries(s.per_language).map(([lang, v]) => `  ${lang.padEnd(6)} ${String(v.lemmas).padStart(6)} ${String(v.known_words).padStart(7)} ${String(v.grammar_points).padStart(4)}`),
    "By topic (concepts / levels 1-4 / phrases / scenario steps):",
    ...Object.entries(s.by_topic).map(([id, t]) => `  ${id.padEnd(24)} ${String(t.concepts).padStart(5)} ${String(t.levels_1_4).padStart(5)} ${String(t.phrases).padStart(4)} ${String(t.scenario_steps).padStart(3)}`),
    `Skipped entries (break the data rules): ${s.skipped}`,
    ...s.skipped_examples.map((e) => `  ${e}`),
  ];
  return lines.join("\n");
}
