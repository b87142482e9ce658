// Cognates: a word whose translation is written almost the same (capitaine/captain,
// passager/passenger, Kaffee/coffee). Asking a learner what such a word means tests spelling
// resemblance, not knowledge, so the exit check does not.
import { foldAccents } from "./text-normalise.ts";

// Up to about a third of the longer word may differ (two letters in "capitaine"/"captain").
const MAX_SHARE = 0.34;

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export function isCognate(a: string, b: string): boolean {
  const x = foldAccents(a).replace(/[^\p{L}]/gu, "");
  const y = foldAccents(b).replace(/[^\p{L}]/gu, "");
  if (x.length < 3 || y.length < 3) return x === y;
  return editDistance(x, y) <= Math.floor(Math.max(x.length, y.length) * MAX_SHARE);
}
