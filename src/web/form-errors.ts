// How a page shows a service's refusal: its message next to the form field its `param` names
// (DESIGN §4: the same AppError that /v1 renders as the envelope). Anything that is not an
// AppError is a fault, not a refusal, and propagates to the 500 handler.
import { AppError } from "../lib/errors.ts";

/** The service call's value, or the AppError it refused with. */
export async function refusalOr<T>(work: Promise<T>): Promise<T | AppError> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * The page's errors-by-field for a refusal: keyed by the field the error names, or by `fallback`
 * when it names none. `fields` maps a service's param to the page's own key where they differ.
 */
export function fieldErrors(error: AppError, fallback: string, fields: Record<string, string> = {}): Record<string, string> {
  const param = error.param ?? fallback;
  return { [fields[param] ?? param]: error.message };
}
