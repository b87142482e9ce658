// The built-in data, imported statically so `bun build --compile` embeds it in the binary; it is
// never read from disk at run time.
import culture from "./data/lexicon/culture.json";
import everyday from "./data/lexicon/everyday.json";
import food from "./data/lexicon/food.json";
import life from "./data/lexicon/life.json";
import town from "./data/lexicon/town.json";
import world from "./data/lexicon/world.json";
import grammar from "./data/grammar.json";
import explainedDe from "./data/grammar-explanations/de.json";
import explainedEs from "./data/grammar-explanations/es.json";
import explainedFr from "./data/grammar-explanations/fr.json";
import explainedIt from "./data/grammar-explanations/it.json";
import explainedPt from "./data/grammar-explanations/pt-BR.json";
import scenarios from "./data/scenarios.json";
import topics from "./data/topics.json";
import type { RawEngineData } from "./engine-data.ts";

export const EMBEDDED_DATA: RawEngineData = {
  lexicon: [everyday, food, town, life, world, culture],
  topics,
  grammar,
  explanations: [explainedEs, explainedFr, explainedDe, explainedIt, explainedPt],
  scenarios,
};
