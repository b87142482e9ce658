// How a page shows a service's refusal (caught with refusalOr of lib/errors.ts): its message next
// to the form field its `param` names — the same AppError that /v1 renders as the envelope (DESIGN §4).
import type { AppError } from "../lib/errors.ts";

/**
 * The page's errors-by-field for a refusal: keyed by the field the error names, or by `fallback`
 * when it names none. `fields` maps a service's param to the page's own key where they differ.
 */
export function fieldErrors(error: AppError, fallback: string, fields: Record<string, string> = {}): Record<string, string> {
  const param = error.param ?? fallback;
  const errors: Record<string, string> = { [fields[param] ?? param]: error.message };
  // A service that checked every field reports the others too (AppError's `also`): the form shows them all at once.
  for (const more of error.extra.also ?? []) errors[fields[more.param] ?? more.param] ??= more.message;
  return errors;
}
