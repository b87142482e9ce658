// How an AppError is written on the wire: the /v1/ envelope (spec 2.4, DESIGN §4) or the OAuth
// shape on /oauth/* (RFC 6749 §5.2). Neither is ever cached.
import type { AppError } from "../lib/errors.ts";
import { NOSNIFF } from "./json-text-answer.ts";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...NOSNIFF };

/** The /v1/ envelope: `{code, error}` plus `param` when one field is to blame. */
export function envelope(status: number, code: string, message: string, extra: { param?: string; headers?: Record<string, string>; requestId?: string } = {}): Response {
  const body: Record<string, string> = { code, error: message };
  if (extra.param) body.param = extra.param;
  if (extra.requestId && status >= 500) body.request_id = extra.requestId;
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...extra.headers } });
}

export function envelopeOf(error: AppError): Response {
  return envelope(error.status, error.code, error.message, error.extra);
}

/** RFC 6749 §5.2: `{error, error_description}`, with `Pragma: no-cache` for older caches. */
export function oauthErrorResponse(error: Pick<AppError, "status" | "code" | "message" | "extra">): Response {
  return new Response(JSON.stringify({ error: error.code, error_description: error.message }), {
    status: error.status,
    headers: { ...JSON_HEADERS, pragma: "no-cache", ...error.extra.headers },
  });
}
