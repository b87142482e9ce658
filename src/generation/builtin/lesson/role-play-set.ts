// The role-play: the scenario of the lesson's topic with the NPC the caller named (name and
// persona shown as given on the role card; the persona and the scene's time and weather also
// colour the NPC's lines). In each step the learner speaks first (one of the options, at the
// level, answering what the NPC last asked) and the NPC answers with the step's line.
import type { RolePlaySet } from "../../model.ts";
import { answeredInKind, farewellKind, voicedLearnerLine, voicedNpcLine } from "../npc-voice.ts";
import { learnerOptions } from "../scenario-lines.ts";
import { bandLine, bandOf } from "../scene/band-lines.ts";
import { ROLE_PLAY, SET_TITLES } from "../ui-text/lesson-text.ts";
import { quote, say } from "../ui-text/template.ts";
import { topicName, type LessonContext } from "./lesson-context.ts";

export function rolePlaySet(context: LessonContext, index: number): RolePlaySet | null {
  const scenario = context.scenario;
  if (!scenario) return null;
  const { source, target } = context;
  return {
    index,
    kind: "role_play",
    title: say(SET_TITLES.role_play, source),
    npc: { name: context.npc.name, persona: context.npc.persona, given: context.npc.given },
    setting: say(ROLE_PLAY.setting, source, { topic: quote(source, topicName(context, scenario.topic, source)), npc: context.npc.name }),
    goal: say(ROLE_PLAY.goal, source, { target: context.targetName }),
    steps: scenario.steps.map((step, i) => {
      const options = learnerOptions(context.index, scenario, i, context, context.profile).map(({ text, translation }) => ({
        text: voicedLearnerLine(scenario, text, i, target, context.mood),
        translation: voicedLearnerLine(scenario, translation, i, source, context.mood),
      }));
      // The NPC answers the first option, so a farewell is answered in kind; an option taking
      // leave until another time than the NPC's answer ("hasta mañana" to "hasta la semana que
      // viene") is left out rather than shown with a reply that does not fit it.
      const said = options[0];
      const npc = {
        text: answeredInKind(voicedNpcLine(scenario, i, target, context.mood), said?.text ?? "", target),
        translation: answeredInKind(voicedNpcLine(scenario, i, source, context.mood), said?.translation ?? "", source),
      };
      const until = farewellKind(npc.text, target);
      // The band's own sentences, added after the farewell check reads the scenario's line.
      const band = bandOf(context.profile.level);
      npc.text = bandLine(npc.text, band, target, i, scenario.steps.length);
      npc.translation = bandLine(npc.translation, band, source, i, scenario.steps.length);
      const seen = new Set<string>();
      // Voicing can make two options the same ("Bonjour" said in the evening is "Bonsoir").
      const fitting = options.filter((o) => {
        const kind = farewellKind(o.text, target);
        if (seen.has(o.text)) return false;
        seen.add(o.text);
        return kind === null || kind === until;
      });
      return { id: step.id, learner_options: fitting, npc };
    }),
  };
}
