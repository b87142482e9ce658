// Why an LLM request gave nothing a learner may see. Every one of them fails the operation (a
// plan fails and is refunded), or, with PARLA_LLM_FALLBACK=builtin, hands it to the built-in engine.
// Messages are written for the operator and never carry the API key.

export type LlmFailure =
  /** The server could not be reached, timed out, kept answering 429/5xx, or the circuit is open. */
  | "unavailable"
  /** The server answered, but refused the request (4xx other than 429). */
  | "rejected"
  /** The answer was not valid JSON for the schema, also after the one repair request. */
  | "invalid_output"
  /** The model declined to answer (a refusal). */
  | "refused";

export class LlmError extends Error {
  override readonly name = "LlmError";
  constructor(
    readonly failure: LlmFailure,
    message: string,
  ) {
    super(message);
  }
}
