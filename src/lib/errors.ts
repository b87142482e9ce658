// The one error type for an expected refusal, thrown or returned by services and routes alike. It
// carries only what is safe to show: the HTTP layer renders it as the /v1/ envelope `{code, error,
// param}` (spec 2.4), as RFC 6749 §5.2 `{error, error_description}` on /oauth/*, and pages show its
// message next to the field `param` names. Anything that is not an AppError becomes a 500 whose
// cause is logged, never sent (PocketBase's AppError).

export interface AppErrorExtra {
  /** The request field to blame (a body path such as `npc.name`, or a header name). */
  param?: string;
  /** A finer reason a page can word on its own (e.g. "not_understood": a topic or scene the engine cannot teach). */
  reason?: string;
  /** Headers the answer must carry (Retry-After, WWW-Authenticate…). */
  headers?: Record<string, string>;
  /**
   * Further refusals of the same request, each naming its field, so a form can show every error at
   * once. The /v1 envelope carries one `param` (spec 2.4), so it renders only the first.
   */
  also?: { param: string; message: string }[];
}

export class AppError extends Error {
  override readonly name = "AppError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
  }

  get param(): string | undefined {
    return this.extra.param;
  }
}

export const notFound = (what = "resource") => new AppError(404, "not_found", `${what} not found`);
export const invalidRequest = (message: string, param?: string) => new AppError(400, "invalid_request", message, { param });

/** Every field's refusal of one request as one 400 invalid_request: the first is the envelope's, the rest ride along (`also`). */
export function invalidFields(problems: { param: string; message: string }[]): AppError | null {
  const [first, ...rest] = problems;
  if (!first) return null;
  return new AppError(400, "invalid_request", first.message, { param: first.param, ...(rest.length ? { also: rest } : {}) });
}

/**
 * The service call's value, or the AppError it refused with — for a caller that shows the refusal
 * itself (a page next to its field, a CLI line). Anything else is a fault and propagates.
 */
export async function refusalOr<T>(work: Promise<T>): Promise<T | AppError> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
