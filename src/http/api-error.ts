// The one error type routes and services throw for an expected refusal. It carries only what is
// safe to show; anything else becomes a 500 whose cause is logged, never sent (PocketBase's ApiError).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { param?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (what = "resource") => new ApiError(404, "not_found", `${what} not found`);
export const invalidRequest = (message: string, param?: string) => new ApiError(400, "invalid_request", message, { param });

/** The /v1/ envelope (spec 2.4): `{code, error}` plus `param` when one field is to blame. */
export function envelope(status: number, code: string, message: string, extra: { param?: string; headers?: Record<string, string>; requestId?: string } = {}): Response {
  const body: Record<string, string> = { code, error: message };
  if (extra.param) body.param = extra.param;
  if (extra.requestId && status >= 500) body.request_id = extra.requestId;
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...extra.headers },
  });
}

/** OAuth error shape for /oauth/* (RFC 6749 §5.2): `{error, error_description}`, never cached. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${error}: ${description}`);
    this.name = "OAuthError";
  }

  toResponse(): Response {
    return new Response(JSON.stringify({ error: this.error, error_description: this.description }), {
      status: this.status,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", pragma: "no-cache", ...this.headers },
    });
  }
}
