// GET /v1/openapi.json (spec 1.5, 4.2): OpenAPI 3.1, made from the /v1 routes' own declarations
// (the doorway keeps them), so a new route appears with its scope, models and errors without
// anyone writing it twice. The OAuth endpoints (spec 4.1, 5.3) are described here by hand: they
// speak form bodies and RFC 6749's error shape, not the /v1 envelope.
import { Type, type TSchema } from "@sinclair/typebox";
import { CREDIT_WEIGHTS } from "../billing/credits.ts";
import { SERVER_MAX_BODY_BYTES } from "../lib/server-body-limit.ts";
import { SCOPES, SCOPE_DESCRIPTIONS } from "../lib/scopes.ts";

/** What the document needs to know of a route: the doorway's declaration, structurally. */
export interface DocumentedRoute {
  method: string;
  path: string;
  declaration: {
    scope: string | null;
    operation: string | null;
    version?: "pin" | "header";
    body?: TSchema;
    documentedBody?: TSchema;
    documentedHeaders?: TSchema;
    query?: TSchema;
    params?: TSchema;
    headers?: TSchema;
    response?: Record<number, TSchema>;
    produces?: "application/json" | "text/event-stream";
    errors?: readonly number[];
    summary: string;
    description?: string;
    tags: readonly string[];
    hidden?: boolean;
    precheck?: unknown;
  };
  /** The statuses the doorway itself may answer with for this declaration. */
  doorwayErrors: readonly number[];
}

export interface DocumentContext {
  baseUrl: string;
  apiVersion: string;
  /** Versions a caller may name in Parla-Version (not discontinued). */
  versions: string[];
}

type Json = Record<string, unknown>;

/** Bun's own refusal, which Parla cannot shape (server.ts). */
const SERVER_REFUSAL = `A body declared larger than ${SERVER_MAX_BODY_BYTES} bytes is refused by the HTTP server itself before Parla reads it: 413 with an empty body and no content type.`;

const ERROR_WORDS: Record<number, string> = {
  400: "Bad request: a field outside its limits (`invalid_request` with `param`), an unknown `Parla-Version` (`invalid_version`), or `idempotency_key_required`.",
  401: "The access token is missing, expired or revoked (`unauthorized`, `error` beginning `invalid_token:`, with `WWW-Authenticate: Bearer error=\"invalid_token\"`), or a client secret was sent as a bearer token (`client_secret_not_accepted`). Exchange again and retry once.",
  402: "Not paid for, and nothing was spent: `allowance_exhausted`, `spend_cap_reached` or `metered_billing_inactive`.",
  403: "The token lacks the operation's scope (`insufficient_scope`), or the plan does not allow it (`paid_plan_required`).",
  404: "No such resource for this account (`not_found`).",
  409: "Conflict with the resource's state.",
  410: "Gone: the API version is discontinued (`version_discontinued`) or the cursor is older than 30 days (`cursor_expired`).",
  413: `The request body is larger than the operation takes (\`payload_too_large\`; the limit is in \`error\`). ${SERVER_REFUSAL}`,
  429: "Too many requests (`rate_limited`); wait for `Retry-After` seconds.",
};

/**
 * Answers any route can give, whatever it declares: maintenance. The body limit (413) and the rate
 * limit (429) are the doorway's, on the routes it applies them to (v1.ts doorwayStatuses): a GET's
 * body is never read, and the reference routes are not counted.
 */
const EVERY_ROUTE = [503] as const;

/** A TypeBox schema as plain JSON Schema (TypeBox keeps its own markers in symbol keys, which JSON drops). */
function plain(schema: TSchema): Json {
  return JSON.parse(JSON.stringify(schema)) as Json;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/v1\//, "")
    .split(/[/.-]/)
    .filter(Boolean)
    .map((w) => (w.startsWith(":") ? `by_${w.slice(1)}` : w));
  return [method.toLowerCase(), ...words].join("_");
}

function parametersOf(route: DocumentedRoute): Json[] {
  const out: Json[] = [];
  const add = (where: "path" | "query" | "header", schema: TSchema | undefined) => {
    const properties = (schema as { properties?: Record<string, TSchema> } | undefined)?.properties ?? {};
    const required = new Set((schema as { required?: string[] } | undefined)?.required ?? []);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = plain(property);
      out.push({ name, in: where, required: where === "path" || required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  };
  add("path", route.declaration.params);
  add("query", route.declaration.query);
  add("header", route.declaration.documentedHeaders ?? route.declaration.headers);
  if (route.declaration.version === "header" || route.declaration.scope === null) out.push({ $ref: "#/components/parameters/ParlaVersion" });
  return out;
}

/** The frames of each stream, in words, and where the AsyncAPI document describes them. */
const STREAM_FRAMES: Record<string, { description: string; asyncapi?: string }> = {
  "/v1/events/stream": {
    description:
      "Server-sent events: each event is a frame with `id:` (a cursor, the feed's next_cursor) and `data:` (one envelope); `: hb` comments keep the connection open; `event: done` or `event: error` (with the `id:` reached) ends it. The frames are the `eventStream` channel of /v1/asyncapi.json.",
    asyncapi: "/v1/asyncapi.json#/channels/eventStream",
  },
};

function responsesOf(route: DocumentedRoute): Json {
  const responses: Json = {};
  const { response, produces } = route.declaration;
  if (produces === "text/event-stream") {
    const frames = STREAM_FRAMES[route.path];
    responses["200"] = {
      description: frames?.description ?? "A stream of server-sent events; the operation's description names its frames.",
      content: { "text/event-stream": { schema: { type: "string", description: "The frames as sent (text/event-stream)." }, ...(frames?.asyncapi ? { "x-asyncapi": frames.asyncapi } : {}) } },
    };
  }
  for (const [status, schema] of Object.entries(response ?? {})) {
    if (responses[status]) continue;
    const { description, ...rest } = plain(schema);
    responses[status] = { description: (description as string | undefined) ?? "Success.", content: { "application/json": { schema: rest } } };
  }
  if (Object.keys(responses).length === 0) responses["200"] = { description: "Success." };
  const errors = [...route.doorwayErrors, ...(route.declaration.errors ?? []), ...EVERY_ROUTE];
  if (route.declaration.body || route.declaration.query || route.declaration.params || route.declaration.precheck) errors.push(400);
  for (const status of [...new Set(errors)].sort()) responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  return responses;
}

function v1Operation(route: DocumentedRoute): Json {
  const d = route.declaration;
  const operation: Json = {
    operationId: operationId(route.method, route.path),
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    tags: d.tags,
    security: d.scope === null ? [] : [{ oauth2: [d.scope] }],
    "x-parla-scope": d.scope,
    "x-parla-operation": d.operation,
    parameters: parametersOf(route),
    responses: responsesOf(route),
  };
  const body = d.documentedBody ?? d.body;
  if (body) operation.requestBody = { required: true, content: { "application/json": { schema: plain(body) } } };
  // What a call costs, from billing's one price table; an inbound event with generate true is billed as a lesson plan.
  operation["x-parla-credits"] = d.operation !== null && d.operation in CREDIT_WEIGHTS ? CREDIT_WEIGHTS[d.operation as keyof typeof CREDIT_WEIGHTS] : 0;
  if ((operation.parameters as Json[]).length === 0) delete operation.parameters;
  return operation;
}

const OAuthError = Type.Object(
  {
    error: Type.String({ description: "RFC 6749 §5.2 error code, e.g. invalid_client, invalid_grant, invalid_scope, rate_limited" }),
    error_description: Type.String({ description: "The error in words" }),
  },
  { description: "The OAuth error shape (RFC 6749 §5.2), never the /v1 envelope." },
);

const TokenResponse = Type.Object(
  {
    access_token: Type.String({ description: "parla_at_… valid one hour" }),
    token_type: Type.Literal("Bearer"),
    expires_in: Type.Integer({ description: "seconds; 3600" }),
    scope: Type.String({ description: "space-separated scopes the token actually holds" }),
    refresh_token: Type.Optional(Type.String({ description: "parla_rt_…; authorization code and refresh grants only" })),
  },
  { description: "Token response (RFC 6749 §5.1)." },
);

function oauthPaths(): Json {
  const oauthFailure = (description: string, headers?: Json) => ({ description, ...(headers ? { headers } : {}), content: { "application/json": { schema: { $ref: "#/components/schemas/OAuthError" } } } });
  const form = (properties: Json, required: string[]) => ({ required: true, content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties, required } } } });
  const str = (description: string) => ({ type: "string", description });
  const retryAfter = { "Retry-After": { required: true, description: "Seconds to wait.", schema: { type: "integer", minimum: 0 } } };
  const wwwAuthenticate = { "WWW-Authenticate": { required: true, schema: { type: "string" } } };
  // Every /oauth/* answer can be these too: an access token sent outside /v1/ (spec 5.1.3) and
  // maintenance; the form endpoints also the body limit (a GET's body is never read).
  const common = (unauthorized: string, form: boolean) => ({
    "401": oauthFailure(unauthorized, wwwAuthenticate),
    ...(form ? { "413": oauthFailure(`invalid_request: the form body is larger than the endpoint takes (the limit is in \`error_description\`). ${SERVER_REFUSAL}`) } : {}),
    "503": { $ref: "#/components/responses/Error503" },
  });
  const apiToken = "api_token_not_accepted: an access token (parla_at_…) was sent as a bearer token; access tokens work only on /v1/.";
  return {
    "/oauth/token": {
      post: {
        operationId: "post_oauth_token",
        summary: "Exchange a grant for an access token",
        description:
          "client_credentials (HTTP Basic or client_id + client_secret in the form, never both), authorization_code with PKCE (code_verifier; a public client sends client_id alone), refresh_token (each refresh returns a new refresh token). No CORS.",
        tags: ["oauth"],
        security: [],
        requestBody: form(
          {
            grant_type: { type: "string", enum: ["client_credentials", "authorization_code", "refresh_token"] },
            scope: str("space-separated; omitted means every scope the client may have (client_credentials)"),
            code: str("parla_ac_…, valid 60 seconds, one use"),
            redirect_uri: str("the same as in the authorization request"),
            code_verifier: str("the PKCE verifier (RFC 7636)"),
            refresh_token: str("parla_rt_…"),
            client_id: str("parla_cid_…"),
            client_secret: str("parla_cs_…, or use HTTP Basic"),
          },
          ["grant_type"],
        ),
        responses: {
          "200": { description: "Tokens.", headers: { "Cache-Control": { schema: { type: "string", const: "no-store" } } }, content: { "application/json": { schema: { $ref: "#/components/schemas/TokenResponse" } } } },
          "400": oauthFailure("invalid_request, invalid_grant, invalid_scope or unsupported_grant_type."),
          ...common(`invalid_client: a wrong or revoked secret, or a deleted client. Or ${apiToken}`, true),
          "429": oauthFailure("rate_limited: too many requests from this address or client; wait for Retry-After.", retryAfter),
        },
      },
    },
    "/oauth/authorize": {
      get: {
        operationId: "get_oauth_authorize",
        summary: "Ask a user to authorize an app (authorization code with PKCE)",
        description: "A browser page: the user signs in and sees the consent page, then returns to redirect_uri with code, state and iss (RFC 9207).",
        tags: ["oauth"],
        security: [],
        parameters: [
          { name: "response_type", in: "query", required: true, schema: { type: "string", const: "code" } },
          { name: "client_id", in: "query", required: true, schema: { type: "string" } },
          { name: "redirect_uri", in: "query", required: true, schema: { type: "string" }, description: "exactly one registered URI" },
          { name: "scope", in: "query", required: true, schema: { type: "string" } },
          { name: "state", in: "query", required: true, schema: { type: "string" } },
          { name: "code_challenge", in: "query", required: true, schema: { type: "string" }, description: "base64url SHA-256 of the code_verifier" },
          { name: "code_challenge_method", in: "query", required: true, schema: { type: "string", const: "S256" } },
        ],
        responses: {
          "200": { description: "The consent page (HTML).", content: { "text/html": { schema: { type: "string" } } } },
          "303": { description: "Back to redirect_uri with code, state and iss, or with an error." },
          "308": { description: "Asked at another host than the web app's address (PARLA_WEB_APP_URL): the same request there." },
          "400": { description: "A request that cannot be sent back to the app (unknown client or redirect URI).", content: { "text/html": { schema: { type: "string" } } } },
          ...common(apiToken, false),
        },
      },
    },
    "/oauth/revoke": {
      post: {
        operationId: "post_oauth_revoke",
        summary: "Revoke a refresh or access token (RFC 7009)",
        description: "On sign-out an app revokes its refresh token: that install's tokens end. Unknown tokens are not an error.",
        tags: ["oauth"],
        security: [],
        requestBody: form({ token: str("the refresh or access token"), client_id: str("parla_cid_…"), client_secret: str("parla_cs_…, or use HTTP Basic") }, ["token"]),
        responses: {
          "200": { description: "Revoked (or unknown)." },
          "400": oauthFailure("invalid_request."),
          ...common(`invalid_client: a wrong or revoked secret, or a deleted client. Or ${apiToken}`, true),
          "429": oauthFailure("rate_limited: too many requests from this address or client; wait for Retry-After.", retryAfter),
        },
      },
    },
  };
}

export function openApiDocument(routes: readonly DocumentedRoute[], context: DocumentContext): Json {
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (route.declaration.hidden) continue;
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = v1Operation(route);
    for (const tag of route.declaration.tags) tags.add(tag);
  }
  const scopes = Object.fromEntries(SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s]]));
  const used = JSON.stringify(paths);
  const retryAfter = { "Retry-After": { required: true, description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 0 } } };
  const errorResponses: Json = Object.fromEntries(
    Object.entries(ERROR_WORDS)
      .filter(([status]) => used.includes(`"#/components/responses/Error${status}"`))
      .map(([status, description]) => [
      `Error${status}`,
      {
        description,
        ...(status === "401" ? { headers: { "WWW-Authenticate": { required: true, schema: { type: "string" } } } } : {}),
        ...(status === "429" ? { headers: retryAfter } : {}),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
  errorResponses.Error503 = {
    description: "Maintenance: the server is briefly closed to every request but the health checks. Plain text; try again after `Retry-After` seconds.",
    headers: retryAfter,
    content: { "text/plain": { schema: { type: "string" } } },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Parla API",
      version: context.apiVersion,
      description:
        "Vocabulary lists, lesson plans and tutor turns for games and apps, paid per call, with events by webhook, feed and stream. " +
        "Every /v1 call needs an OAuth 2.0 access token with the operation's one scope; errors are `{code, error}` (+ `param`). " +
        "The version a call is answered under is the client's pin; the feed and the stream honour `Parla-Version`.",
      license: { name: "Proprietary", identifier: "LicenseRef-Parla" },
    },
    servers: [{ url: context.baseUrl }],
    tags: [...[...tags].sort(), "oauth"].map((name) => ({ name, description: name === "oauth" ? "The OAuth 2.0 authorization server (RFC 6749, 7636, 7009)." : `Operations on ${name}.` })),
    paths: { ...paths, ...oauthPaths() },
    components: {
      securitySchemes: {
        oauth2: {
          type: "oauth2",
          description: "Access tokens (parla_at_…, one hour) from the token endpoint. Server-to-server: client credentials. An app acting for a user: authorization code with PKCE (S256).",
          flows: {
            clientCredentials: { tokenUrl: `${context.baseUrl}/oauth/token`, scopes },
            authorizationCode: { authorizationUrl: `${context.baseUrl}/oauth/authorize`, tokenUrl: `${context.baseUrl}/oauth/token`, refreshUrl: `${context.baseUrl}/oauth/token`, scopes },
          },
        },
      },
      parameters: used.includes('"#/components/parameters/ParlaVersion"') ? {
        ParlaVersion: {
          name: "Parla-Version",
          in: "header",
          required: false,
          description: "The API version to answer under; without it, the client's pinned version. Unknown: 400 invalid_version; discontinued: 410 version_discontinued.",
          schema: { type: "string", enum: context.versions },
        },
      } : {},
      schemas: {
        Error: {
          type: "object",
          description: "The /v1 error envelope: branch on `code`; `error` says it in words; `param` names the field to blame.",
          properties: { code: { type: "string" }, error: { type: "string" }, param: { type: "string" }, request_id: { type: "string", description: "5xx only: quote it to the operator" } },
          required: ["code", "error"],
        },
        OAuthError: plain(OAuthError),
        TokenResponse: plain(TokenResponse),
      },
      responses: errorResponses,
    },
  };
}
