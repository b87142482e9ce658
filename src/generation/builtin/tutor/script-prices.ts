// A scenario line that names the bill ("Son cuarenta y dos euros", "São doze reais") was written
// for any order; once the learner has ordered, the NPC says the order's total instead, in the
// scene's currency and at the prices it quoted (scene-facts.ts), so the bill never contradicts an
// earlier answer. The amount is found as the number words before a currency word (and the cents
// after it: "deux euros cinquante").
import type { Lang } from "../../languages.ts";
import { foldAccents } from "../text-normalise.ts";
import { isNumberWord } from "./numbers.ts";

const CURRENCY_WORDS = /^(euros?|reais|real|pounds?|libras?|dollars?|dolares|dollari|francs?|franchi|franken|pesos|sterline|sterling)$/;
const LINKERS = /^(y|e|et|und|and)$/;

/** The line with its stated amount replaced by `price` (already formatted), or the line itself when it states none. */
export function withTotal(line: string, price: string, lang: Lang): string {
  const words = [...line.matchAll(/[\p{L}\d]+/gu)];
  const isNumber = (k: number) => k >= 0 && k < words.length && isNumberWord((words[k]?.[0] ?? "").toLowerCase(), lang);
  for (let c = 0; c < words.length; c++) {
    if (!CURRENCY_WORDS.test(foldAccents((words[c]?.[0] ?? "").toLowerCase()))) continue;
    let start = c;
    while (isNumber(start - 1) || (LINKERS.test((words[start - 1]?.[0] ?? "").toLowerCase()) && isNumber(start - 2) && start - 1 < c - 1)) start--;
    if (start === c) continue;
    let end = c;
    // The cents after the currency: "deux euros cinquante", "cuatro euros con veinte".
    for (;;) {
      if (isNumber(end + 1)) end++;
      else if (/^(con|y|e|et|und|and)$/.test((words[end + 1]?.[0] ?? "").toLowerCase()) && isNumber(end + 2)) end += 2;
      else break;
    }
    const from = words[start]?.index ?? 0;
    const last = words[end] as RegExpMatchArray;
    const to = (last.index ?? 0) + last[0].length;
    return `${line.slice(0, from)}${price}${line.slice(to)}`;
  }
  return line;
}
