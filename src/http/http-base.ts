// Cross-cutting HTTP behaviour, applied to every route: request ids, maintenance mode, no CORS on
// the API, access tokens refused outside /v1/, and the error shapes of DESIGN §4.
import { Elysia } from "elysia";
import type { CoreDeps } from "../config/core-deps.ts";
import { AppError } from "../lib/errors.ts";
import { envelope, envelopeOf, oauthErrorResponse } from "./error-responses.ts";
import { isJsonRequest } from "./json-body.ts";
import { maintenanceResponse, maintenanceWatcher } from "./maintenance.ts";
import { pathOf, requestId } from "./request-context.ts";
import { effectHook, requestHook, type AfterHandleContext, type RequestHookContext } from "./sync-hook.ts";

const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

function isApiPath(path: string): boolean {
  return path === "/v1" || path.startsWith("/v1/");
}

/** Which error shape a path speaks. */
function errorShape(path: string): "oauth" | "api" {
  return path.startsWith("/oauth/") ? "oauth" : "api";
}

function validationParam(error: unknown): string | undefined {
  const e = error as { valueError?: { path?: string }; all?: { path?: string }[] };
  const path = e.valueError?.path ?? e.all?.[0]?.path;
  return path ? path.replace(/^\//, "").replaceAll("/", ".") || undefined : undefined;
}

function validationMessage(error: unknown, param: string | undefined): string {
  const e = error as { valueError?: { message?: string }; customError?: unknown };
  if (typeof e.customError === "string") return e.customError;
  const detail = e.valueError?.message ?? "is invalid";
  return param ? `${param}: ${detail.charAt(0).toLowerCase()}${detail.slice(1)}` : `request ${detail.charAt(0).toLowerCase()}${detail.slice(1)}`;
}

/** Bun's own refusal of a body over `maxRequestBodySize` (server.ts), raised when the body is read. */
function isBodyLimitError(error: unknown): boolean {
  return error instanceof Error && /maxRequestBodySize/.test(error.message);
}

export function httpBase(deps: CoreDeps, maintenance = maintenanceWatcher(deps.store.db)) {
  const { log } = deps;
  // Oversized bodies are a client's mistake (or a probe): one warning tells the operator the limit
  // is being hit; a line per request would let anyone fill the log.
  let warnedBodyTooLarge = false;
  const bodyTooLarge = (path: string) => {
    if (warnedBodyTooLarge) return;
    warnedBodyTooLarge = true;
    log.warn("http.body_too_large", { path, message: "a request body over the size limit was refused with 413; further ones are not logged" });
  };
  // Before routing, for every request: the answers that do not depend on the route.
  const beforeRouting = ({ request, set }: RequestHookContext): Response | undefined => {
    // Every answer (JSON, pages, errors) forbids MIME sniffing.
    set.headers["x-content-type-options"] = "nosniff";
    const path = pathOf(request);
    if (!HEALTH_PATHS.has(path)) {
      const state = maintenance.current();
      if (state.on) return maintenanceResponse(state);
    }
    // Spec §1.6: the API and the token endpoint answer no cross-origin preflight.
    if (request.method === "OPTIONS" && (isApiPath(path) || path === "/oauth/token")) {
      return envelope(405, "method_not_allowed", "cross-origin requests are not supported; call the API from a server", {
        headers: { allow: "GET, POST", "x-request-id": requestId(request) },
      });
    }
    // Spec §5.1.3: an access token works only on /v1/.
    if (!isApiPath(path)) {
      const auth = request.headers.get("authorization");
      if (auth && /^bearer\s+parla_at_/i.test(auth)) {
        return new Response(JSON.stringify({ error: "api_token_not_accepted", error_description: "access tokens work only on /v1/ routes" }), {
          status: 401,
          headers: { "content-type": "application/json; charset=utf-8", "www-authenticate": 'Bearer error="invalid_token"', "x-request-id": requestId(request) },
        });
      }
    }
    return undefined;
  };
  // A handler that answers with a Response (a stream, a pre-serialised page) gets the headers set
  // for this request written into it. Left in `set.headers`, they would make Elysia copy the answer
  // into a new Response through its body stream (measured: a 26 KB feed page 120 → 200 µs).
  const intoResponse = ({ response, set }: AfterHandleContext): void => {
    if (response instanceof Response) writeSetHeaders(response, set);
  };
  // The answer to an error, by the shape its path speaks (DESIGN §4).
  const errorAnswer = (code: string | number, error: unknown, request: Request): Response => {
    const path = pathOf(request);
    if (isBodyLimitError(error) || (error instanceof AppError && error.status === 413)) bodyTooLarge(path);
    if (isBodyLimitError(error)) {
      return errorShape(path) === "oauth"
        ? oauthErrorResponse(new AppError(413, "invalid_request", "the request body is too large"))
        : envelope(413, "payload_too_large", "the request body is too large");
    }
    if (error instanceof AppError) return errorShape(path) === "oauth" ? oauthErrorResponse(error) : envelopeOf(error);
    // A body parser that refuses (the /v1 doorway's size limit) reaches here wrapped in Elysia's ParseError.
    const cause = (error as { cause?: unknown }).cause;
    if (code === "PARSE" && cause instanceof AppError) return errorShape(path) === "oauth" ? oauthErrorResponse(cause) : envelopeOf(cause);
    if (code === "NOT_FOUND") return notFoundAnswer(request);
    if (code === "VALIDATION") {
      const param = validationParam(error);
      const message = validationMessage(error, param);
      return errorShape(path) === "oauth" ? oauthErrorResponse(new AppError(400, "invalid_request", message)) : envelope(400, "invalid_request", message, { param });
    }
    if (code === "PARSE") {
      const message = isJsonRequest(request) ? "the request body is not valid JSON" : "the request body could not be parsed as its Content-Type says";
      return errorShape(path) === "oauth" ? oauthErrorResponse(new AppError(400, "invalid_request", message)) : envelope(400, "invalid_request", message);
    }
    if (code === "INVALID_COOKIE_SIGNATURE") return envelope(400, "invalid_request", "invalid cookie");
    const status = (error as { status?: number }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return envelope(status, status === 413 ? "payload_too_large" : "invalid_request", (error as Error).message || "request refused");
    }
    const id = requestId(request);
    log.error("http.unhandled_error", { request_id: id, path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    return errorShape(path) === "oauth"
      ? oauthErrorResponse(new AppError(500, "server_error", `internal error (request ${id})`))
      : envelope(500, "internal", `internal error (request ${id})`, { requestId: id });
  };
  // A request no route matches is answered by this catch-all, at once: Elysia's own not-found path
  // goes through its async error handler, which costs every 404 a Promise and a turn (measured with
  // wrk on a JSON 404: see scripts/bench/http.ts). Wildcards match last whatever the order, so every
  // route of the app still wins over it. The request id is written as the answer is made: set on a
  // finished Response, a header costs a trivial answer about a tenth of its time (server.ts).
  const unmatched = ({ request }: { request: Request }) => notFoundAnswer(request, { "x-request-id": requestId(request) });
  return new Elysia({ name: "http-base" })
    .on("request", requestHook(beforeRouting))
    .on({ as: "global" }, "afterHandle", effectHook(intoResponse))
    // An error's answer is a Response made here, with its own status: the headers set for the
    // request are written into it, and `set` is left as Elysia reads "nothing to apply" (no headers,
    // status 200; the answer's own status wins over `set.status` anyway). Anything left there would
    // make Elysia copy the answer into a new Response (measured in process, a JSON 404 through the
    // server's path: 5.5 → 3.7 µs).
    .onError({ as: "global" }, ({ code, error, request, set }) => {
      const answer = errorAnswer(code, error, request);
      writeSetHeaders(answer, set);
      set.status = 200;
      return answer;
    })
    .all("*", unmatched.bind(undefined) as never, { detail: { hide: true } });
}

/** The answer to a request for no route, in the shape its path speaks (DESIGN §4). */
export function notFoundAnswer(request: Request, headers?: Record<string, string>): Response {
  const path = pathOf(request);
  return errorShape(path) === "oauth"
    ? oauthErrorResponse(new AppError(404, "invalid_request", "unknown endpoint", { headers }))
    : envelope(404, "not_found", `no route for ${request.method} ${path}`, { headers });
}

/**
 * Writes the headers set for this request into `response` (those it does not carry already) and
 * empties `set.headers`. Immutable headers (a redirect's) are left to Elysia to merge, as before.
 */
function writeSetHeaders(response: Response, set: AfterHandleContext["set"]): void {
  const headers = response.headers;
  try {
    for (const name in set.headers) {
      const value = set.headers[name] as unknown;
      if (headers.has(name)) continue;
      if (Array.isArray(value)) for (const item of value) headers.append(name, String(item));
      else headers.set(name, String(value));
    }
  } catch {
    // Immutable headers (a redirect's): Elysia merges what is in `set.headers`.
    return;
  }
  // A new empty object: deleting each name would turn the request's one into a slower dictionary.
  set.headers = {};
}
