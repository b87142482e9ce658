// Why an LLM request gave nothing a learner may see. Every one of them fails the operation (a
// plan fails and is refunded), or, with PARLA_LLM_FALLBACK=builtin, hands it to the built-in engine.
//
// To an API caller it is an AppError 503 `engine_unavailable` with Retry-After (spec: 503 is
// "temporarily unavailable; retry after the seconds in Retry-After"), whose message says nothing
// about the operator's model server. `detail` is the operator's version (server address, HTTP
// status, validation problems) for logs and `parla engine`; it never carries the API key.
import { AppError } from "../../lib/errors.ts";

export type LlmFailure =
  /** The server could not be reached, timed out, kept answering 429/5xx, or the circuit is open. */
  | "unavailable"
  /** The server answered, but refused the request (4xx other than 429). */
  | "rejected"
  /** The answer was not valid JSON for the schema, also after the one repair request. */
  | "invalid_output"
  /** The model declined to answer (a refusal). */
  | "refused";

/** Seconds a caller is asked to wait when nothing more precise is known. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

export class LlmError extends AppError {
  constructor(
    readonly failure: LlmFailure,
    readonly detail: string,
    retryAfterSeconds: number = DEFAULT_RETRY_AFTER_SECONDS,
  ) {
    super(503, "engine_unavailable", "the language engine could not answer; retry later", { headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}
