// The one doorway of every /v1 route (spec 4.2, 5.1, 5.5, 5.6, 7, 9; DESIGN §3). A route declares
// its operation — the one scope, the credit operation, how its version is chosen, its models — and
// the doorway does, in this order:
//   1. bearer authentication (401 `unauthorized` / `client_secret_not_accepted`, spec 5.1, 7)
//   2. the operation's one scope (403 `insufficient_scope`, spec 5.5)
//   3. the API version: the client's pin, or `Parla-Version` where the route allows it (spec 9;
//      unknown → 400 `invalid_version`, discontinued → 410 `version_discontinued`)
//   4. the per-client rate limit (429 `rate_limited` + Retry-After)
//   5. request validation (400 `invalid_request` + `param`; Elysia's models), and a body that is
//      not JSON (400 `invalid_request`); only a body too large (413) is refused before step 1
//   6. the route's own precheck, for refusals a schema cannot express (a paid plan, a second
//      scope the body asks for, a header's rules): they too come before anything is spent
//   7. the charge (402s before anything is spent, spec 5.6.4), refunded if the handler throws; a
//      route that stores its work (`paidIn: "work"`) gets the budget checked here instead and
//      spends in the transaction that stores the work (`spend`), so credits and work commit together
//   8. the handler, which gets a typed caller and its charge.
// Steps 1–4 run in Elysia's transform stage, which precedes validation, so a caller without a
// token learns nothing about the body's rules. The doorway knows nothing of the domains: who a
// token belongs to, what a call costs and which versions exist come in through V1Ports, built by
// the composition root.
import type { Static, TSchema } from "@sinclair/typebox";
import { Elysia } from "elysia";
import type { HookContainer } from "elysia/types";
import type { Clock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { firstUnknownField } from "./closed-body.ts";
import { DEFAULT_MAX_BODY_BYTES, readJsonRequest } from "./json-body.ts";
import { jsonTextAnswer } from "./json-text-answer.ts";
import { LocalRateLimiter } from "../lib/local-rate-limit.ts";
import type { Scope } from "../lib/scopes.ts";
import type { DbOrTx } from "../store/open-store.ts";

/** Who is calling: the facts of the access token, as the authorization server reports them. */
export interface Caller {
  clientId: string;
  ownerAccountId: string;
  payerAccountId: string;
  userId: string | null;
  scopes: readonly string[];
  /** The client's pin when the token was exchanged. */
  apiVersion: string;
  billingMode: "allowance" | "metered";
  actingForUser: boolean;
  tokenHash: string;
  /** When the token expires (epoch ms): open streams end then (spec 5.1.1). */
  expiresAt: number;
}

export type AccessTokenAnswer = { kind: "granted"; grant: Caller } | { kind: "unknown" } | { kind: "expired" };

export interface VersionFacts {
  id: string;
  status: "current" | "supported" | "deprecated" | "discontinued";
  /** RFC 9745 `Deprecation` and RFC 8594 `Sunset` dates (ISO), sent while a version is deprecated. */
  deprecatedAt?: string;
  sunsetAt?: string;
}

/** A charge the handler holds: refunded by the doorway if the handler throws, or by the handler. */
export interface Charge<Receipt> {
  receipt: Receipt;
  refund(): Promise<void>;
}

/** Spends the call's credits inside the transaction that stores its work; throws a 402 AppError having spent nothing. */
export type SpendIn<Receipt> = (tx: DbOrTx) => Promise<Receipt>;

/** What the doorway needs from the rest of Parla. */
export interface V1Ports<Operation extends string, Receipt> {
  clock: Clock;
  /** `/v1/` calls per client per minute (PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE), counted per process. */
  rateLimitPerMinute: number;
  /** The token's answer, read from the store on every call (one read: the token and its client's facts). */
  findAccessToken(token: string, nowMs: number): Promise<AccessTokenAnswer>;
  findVersion(id: string): VersionFacts | null;
  /** A resource's body (current shape) as an older version knows it (versions/registry.ts). */
  resourceAt(resource: string, body: Record<string, unknown>, version: string): Record<string, unknown>;
  /** Spends the operation's credits and counts the call, or rejects with an AppError (402). */
  charge(caller: Caller, operation: Operation): Promise<Receipt>;
  refund(receipt: Receipt): Promise<void>;
  /** Refuses (402 AppError) a call its budget cannot pay for now, spending nothing (a read). */
  checkBudget(caller: Caller, operation: Operation): Promise<void>;
  /** Spends the operation's credits inside `tx` and counts the call (see SpendIn). */
  spendIn(tx: DbOrTx, caller: Caller, operation: Operation): Promise<Receipt>;
  /** Recognises a client secret shown as a bearer token (spec 5.1.2). */
  isClientSecret(token: string): boolean;
  /** Recognises the shape of an access token, so anything else is refused without a lookup. */
  looksLikeAccessToken(token: string): boolean;
}

/** How the version a call is answered under is chosen (spec 9.2). */
export type VersionRule = "pin" | "header";

export interface RouteDeclaration<Operation extends string> {
  /** The operation's one scope (spec 5.5); null for the reference routes, which need no token (DESIGN §8). */
  scope: Scope | null;
  /** What the call costs (billing's operation), or null for calls that are not paid for (reference routes). */
  operation: Operation | null;
  /**
   * "work": the handler stores its work in a write transaction and spends the credits there
   * (`spend`), so that a crash never leaves one without the other; the doorway only checks the
   * budget before the handler (a 402 comes before anything is made) and charges nothing itself.
   */
  paidIn?: "work";
  /** "header": `Parla-Version` wins over the client's pin (the feed and the stream, spec 9.2). */
  version?: VersionRule;
  body?: TSchema;
  query?: TSchema;
  params?: TSchema;
  headers?: TSchema;
  /** Successful answers by status: the OpenAPI document's models, which the contract tests hold every answer to. */
  response?: Record<number, TSchema>;
  /** The resource a JSON answer is (e.g. "lesson_plan"): shaped for the caller's version on the way out. */
  resource?: string;
  /** What a successful answer is: JSON (default) or a server-sent-event stream. */
  produces?: "application/json" | "text/event-stream";
  /** Refusals the handler itself can answer with (beyond the doorway's own), for the OpenAPI document. */
  errors?: readonly number[];
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Kept out of the OpenAPI document (a test-only route). */
  hidden?: boolean;
  /** The body as documented, when the route checks it itself with rules a schema cannot express. */
  documentedBody?: TSchema;
  /** Headers as documented, when the route checks them itself (a required header with its own refusal code). */
  documentedHeaders?: TSchema;
  /**
   * Runs after validation and before the charge; throws an AppError to refuse with nothing spent.
   * What it returns reaches the handler as `checked` (e.g. the body it parsed).
   */
  precheck?: (context: PrecheckContext) => unknown;
  /** Largest JSON body accepted, in bytes (413 `payload_too_large` above it); default DEFAULT_MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /**
   * The doorway does not read the body: it documents `documentedBody`, refuses a declared
   * Content-Length over `maxBodyBytes` (413) before anything else, and the route reads the body with
   * `readBody()` only when it needs it — e.g. an idempotent replay answers without it (spec 4.3.8).
   * `body` is then not validated by Elysia: the route checks what `readBody()` returns.
   */
  lazyBody?: boolean;
}

export interface PrecheckContext {
  caller: Caller | null;
  body: unknown;
  /** The JSON body under the route's size cap (413) with the doorway's JSON refusals (400, also for another content type). Read once. */
  readBody(): Promise<unknown>;
  query: unknown;
  params: unknown;
  request: Request;
}

type Maybe<S> = S extends TSchema ? Static<S> : undefined;

export interface V1Context<Receipt, D extends RouteDeclaration<string>> {
  /** Null only on routes declared with `scope: null`. */
  caller: D["scope"] extends null ? null : Caller;
  /** The version this call is answered under. */
  apiVersion: string;
  /** Null when the operation is null. */
  charge: D["operation"] extends null ? null : D["paidIn"] extends "work" ? null : Charge<Receipt>;
  /** For `paidIn: "work"`: spends the call's credits in the transaction that stores the work. */
  spend: D["paidIn"] extends "work" ? SpendIn<Receipt> : null;
  /** What the route's precheck returned. */
  checked: D["precheck"] extends (context: PrecheckContext) => infer R ? Awaited<R> : undefined;
  body: Maybe<D["body"]>;
  query: Maybe<D["query"]>;
  params: Maybe<D["params"]>;
  request: Request;
  /** As in PrecheckContext (the same read: the body is read once). */
  readBody(): Promise<unknown>;
  set: { status?: number | string; headers: Record<string, string | number> };
}

/** One registered /v1 route: what the OpenAPI document and the tests read. */
export interface RegisteredRoute {
  method: "GET" | "POST" | "DELETE";
  path: string;
  declaration: RouteDeclaration<string>;
}

/** The refusals the doorway itself can answer with, by what the route declares. */
export function doorwayStatuses(declaration: RouteDeclaration<string>): number[] {
  // The reference routes need no token, but they too answer under Parla-Version (admit, below).
  if (declaration.scope === null) return [400, 410];
  const statuses = [400, 401, 403, 410, 429];
  if (declaration.operation !== null) statuses.push(402);
  if (declaration.body || declaration.documentedBody) statuses.push(413);
  return statuses;
}

const wwwAuthenticate = (error: string, extra = "") => `Bearer realm="parla", error="${error}"${extra}`;

function invalidToken(why: string): AppError {
  return new AppError(401, "unauthorized", `invalid_token: ${why}`, { headers: { "www-authenticate": wwwAuthenticate("invalid_token", `, error_description="${why}"`) } });
}

export const VERSION_HEADER = "parla-version";

interface DoorState {
  caller: Caller | null;
  apiVersion: string;
  /** Headers the answer carries whatever it is (Deprecation, Sunset); null when there are none. */
  headers: Record<string, string> | null;
}

/** Where admit() leaves its findings for the handler: on the request itself, one property. */
const DOOR_STATE = Symbol("parla.v1.door");
/** The first unknown field of the body as it arrived (closed-body.ts), refused after steps 1–5. */
const UNKNOWN_FIELD = Symbol("parla.v1.unknown-field");
/** Why the body could not be read as JSON (a 400), refused after steps 1–4 as validation is. */
const BODY_REFUSAL = Symbol("parla.v1.body-refusal");
type AdmittedRequest = Request & { [DOOR_STATE]?: DoorState; [UNKNOWN_FIELD]?: string; [BODY_REFUSAL]?: AppError };

export class V1Doorway<Operation extends string, Receipt> {
  readonly routes: RegisteredRoute[] = [];
  private readonly limiter = new LocalRateLimiter(60_000);

  constructor(private readonly ports: V1Ports<Operation, Receipt>) {}

  /** A plugin of /v1 routes; each route added through it passes the doorway. */
  plugin(name: string): V1Plugin<Operation, Receipt> {
    return new V1Plugin(this, new Elysia({ name }));
  }

  /** Steps 1–4: who, which scope, which version, how often. */
  async admit(request: Request, declaration: RouteDeclaration<string>): Promise<DoorState> {
    if (declaration.scope === null) return this.admitWithoutToken(request);
    const headers: Record<string, string> = {};
    const caller = await this.authenticate(request);
    if (!caller.scopes.includes(declaration.scope)) {
      throw new AppError(403, "insufficient_scope", `this operation needs the scope ${declaration.scope}`, {
        headers: { "www-authenticate": wwwAuthenticate("insufficient_scope", `, scope="${declaration.scope}"`) },
      });
    }
    const asked = declaration.version === "header" ? request.headers.get(VERSION_HEADER) : null;
    const apiVersion = this.versionOf(asked, caller.apiVersion, headers);
    const decision = this.limiter.hit(caller.clientId, this.ports.clock.now(), this.ports.rateLimitPerMinute);
    if (!decision.ok) {
      throw new AppError(429, "rate_limited", `too many requests for this client; retry after ${decision.retryAfterSeconds} s`, { headers: { "retry-after": String(decision.retryAfterSeconds) } });
    }
    const state = { caller, apiVersion, headers: headersOrNull(headers) };
    (request as AdmittedRequest)[DOOR_STATE] = state;
    return state;
  }

  /** Steps 1–4 for a route that needs no token: only the version, from `Parla-Version` (DESIGN §8). */
  admitWithoutToken(request: Request): DoorState {
    const headers: Record<string, string> = {};
    const state = { caller: null, apiVersion: this.versionOf(request.headers.get(VERSION_HEADER), null, headers), headers: headersOrNull(headers) };
    (request as AdmittedRequest)[DOOR_STATE] = state;
    return state;
  }

  stateOf(request: Request): DoorState {
    const state = (request as AdmittedRequest)[DOOR_STATE];
    if (!state) throw new Error("a /v1 handler ran without passing the doorway");
    return state;
  }

  async charge(caller: Caller, operation: Operation): Promise<Charge<Receipt>> {
    const receipt = await this.ports.charge(caller, operation);
    let refunded = false;
    return {
      receipt,
      refund: async () => {
        if (refunded) return;
        refunded = true;
        await this.ports.refund(receipt);
      },
    };
  }

  checkBudget(caller: Caller, operation: Operation): Promise<void> {
    return this.ports.checkBudget(caller, operation);
  }

  spendIn(tx: DbOrTx, caller: Caller, operation: Operation): Promise<Receipt> {
    return this.ports.spendIn(tx, caller, operation);
  }

  /** The answer as the version the call is answered under knows it. */
  shape(resource: string, body: Record<string, unknown>, version: string): Record<string, unknown> {
    return this.ports.resourceAt(resource, body, version);
  }

  private async authenticate(request: Request): Promise<Caller> {
    const header = request.headers.get("authorization");
    const match = header ? /^Bearer[ ]+([\x21-\x7e]+)$/i.exec(header) : null;
    if (!match) throw invalidToken(header ? "the Authorization header must be 'Bearer <access token>'" : "an access token is required");
    const token = match[1]!;
    if (this.ports.isClientSecret(token)) {
      throw new AppError(401, "client_secret_not_accepted", "a client secret is not an access token: exchange it at /oauth/token, and never send it anywhere else", {
        headers: { "www-authenticate": wwwAuthenticate("invalid_token") },
      });
    }
    if (!this.ports.looksLikeAccessToken(token)) throw invalidToken("not a Parla access token");
    const found = await this.ports.findAccessToken(token, this.ports.clock.now());
    if (found.kind === "expired") throw invalidToken("the access token expired; exchange again and retry once");
    if (found.kind === "unknown") throw invalidToken("the access token is unknown or was revoked");
    return found.grant;
  }

  /** The version asked for (a header) or pinned; refuses unknown and discontinued ones (spec 9.4). */
  private versionOf(asked: string | null, pinned: string | null, headers: Record<string, string>): string {
    const id = asked ?? pinned;
    if (id === null) return "";
    const version = this.ports.findVersion(id);
    if (!version) {
      // Quoted back only as far as a version id could reach: the header may be any length.
      const shown = id.length > 64 ? `${id.slice(0, 64)}…` : id;
      throw new AppError(400, "invalid_version", `unknown API version ${JSON.stringify(shown)}; GET /v1/versions lists them`, { param: asked !== null ? "Parla-Version" : undefined });
    }
    if (version.status === "discontinued") {
      throw new AppError(410, "version_discontinued", `API version ${id} is discontinued; send a supported Parla-Version or re-pin the client on the Integrations page`);
    }
    if (version.status === "deprecated") {
      if (version.deprecatedAt) headers.deprecation = `@${Math.floor(Date.parse(version.deprecatedAt) / 1000)}`;
      if (version.sunsetAt) headers.sunset = new Date(version.sunsetAt).toUTCString();
    }
    return version.id;
  }
}

function headersOrNull(headers: Record<string, string>): Record<string, string> | null {
  for (const _ in headers) return headers;
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !(value instanceof Response) && Object.getPrototypeOf(value) === Object.prototype;
}

type Handler<Receipt, D extends RouteDeclaration<string>> = (context: V1Context<Receipt, D>) => unknown;

/** An Elysia instance whose routes pass the doorway. `.elysia` is what the app uses. */
export class V1Plugin<Operation extends string, Receipt> {
  constructor(
    private readonly door: V1Doorway<Operation, Receipt>,
    readonly elysia: Elysia<any, any, any, any, any, any, any>,
  ) {}

  get<const D extends RouteDeclaration<Operation>>(path: string, declaration: D, handler: Handler<Receipt, D>): this {
    return this.add("GET", path, declaration, handler);
  }

  post<const D extends RouteDeclaration<Operation>>(path: string, declaration: D, handler: Handler<Receipt, D>): this {
    return this.add("POST", path, declaration, handler);
  }

  delete<const D extends RouteDeclaration<Operation>>(path: string, declaration: D, handler: Handler<Receipt, D>): this {
    return this.add("DELETE", path, declaration, handler);
  }

  private add<D extends RouteDeclaration<Operation>>(method: RegisteredRoute["method"], path: string, declaration: D, handler: Handler<Receipt, D>): this {
    const door = this.door;
    door.routes.push({ method, path, declaration });
    const scope = declaration.scope;
    const maxBody = declaration.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const lazyBody = declaration.lazyBody === true;
    const closedBody = declaration.body;
    // Elysia parses before the transform stage: a body that is not JSON is remembered here and
    // refused after steps 1–4, so a caller without a token gets its 401 whatever it sent. Only a body
    // too large (413) is refused at once, before it is read whole.
    const jsonBody = async (request: Request) => {
      try {
        const value = await readJsonRequest(request, maxBody);
        const unknown = closedBody ? firstUnknownField(closedBody, value) : null;
        if (unknown !== null) (request as AdmittedRequest)[UNKNOWN_FIELD] = unknown;
        return value;
      } catch (error) {
        if (!(error instanceof AppError) || error.status === 413) throw error;
        (request as AdmittedRequest)[BODY_REFUSAL] = error;
        return null;
      }
    };
    // A route that needs no token, reads no body and pays nothing waits for nothing at its door:
    // its hook and its handler are synchronous, so Elysia answers without a Promise (a Promise costs
    // Bun a turn per request; sync-hook.ts says why Elysia must be told so).
    const atOnce = scope === null && declaration.operation === null && !declaration.precheck && !lazyBody && !declaration.body && !declaration.documentedBody;
    const admitAtOnce: HookContainer = { fn: ({ request }: { request: Request }) => void door.admitWithoutToken(request), isAsync: false };
    const hook = {
      // Elysia wraps a parser's throw in its ParseError; http-base answers with the AppError inside.
      // "none": Elysia leaves a lazy route's body unread.
      parse: lazyBody ? "none" : declaration.body || declaration.documentedBody ? ({ request }: { request: Request }) => jsonBody(request) : undefined,
      transform: atOnce
        ? admitAtOnce
        : async ({ request }: { request: Request }) => {
            // A lazy route's body is read (and its size refused, 413) only when the handler asks: a
            // known Idempotency-Key is answered whatever the body (spec 4.3.8).
            await door.admit(request, declaration);
            const refused = (request as AdmittedRequest)[BODY_REFUSAL];
            if (refused) throw refused;
          },
      body: lazyBody ? undefined : declaration.body,
      query: declaration.query,
      params: declaration.params,
      headers: declaration.headers,
      // No `response`: the answers' models are the OpenAPI document's (reference/openapi.ts), and
      // every answer of the in-process API tests is checked against that document with closed
      // objects (test/helpers/contract.ts). Checked again here, each JSON answer would be copied
      // through Elysia's cleaner and validated on every call: measured in process, GET /v1/usage
      // 33.7 → 29.6 µs CPU (median of six interleaved rounds; scripts/bench/api.ts is the bar).
      detail: {
        summary: declaration.summary,
        description: declaration.description,
        tags: declaration.tags,
        hide: declaration.hidden,
        security: scope === null ? [] : [{ oauth2: [scope] }],
        "x-parla-scope": scope,
        "x-parla-operation": declaration.operation,
        "x-parla-errors": [...doorwayStatuses(declaration), ...(declaration.errors ?? [])],
      },
    };
    type RouteContext = { request: Request; body: unknown; query: unknown; params: unknown; set: V1Context<Receipt, D>["set"] };
    // Takes the context's parts, never the context: Elysia reads which parts a handler uses from
    // its source, and a context passed on whole makes it parse everything (headers, cookies) on
    // every call.
    const opened = (request: Request, set: RouteContext["set"]): DoorState => {
      const state = door.stateOf(request);
      if (state.headers) Object.assign(set.headers, state.headers);
      const unknown = (request as AdmittedRequest)[UNKNOWN_FIELD];
      if (unknown !== undefined) throw new AppError(400, "invalid_request", `unknown field ${unknown}`, { param: unknown });
      return state;
    };
    const shaped = (answer: unknown, state: DoorState): unknown => {
      if (!declaration.resource || !isPlainObject(answer)) return answer;
      const body = door.shape(declaration.resource, answer, state.apiVersion);
      // An older shape (a lesson plan's is ~15 KB) goes out as pre-serialised JSON, under the
      // large-answer rule of json-text-answer.ts.
      return body === answer ? answer : jsonTextAnswer(JSON.stringify(body));
    };
    const runAtOnce = (ctx: RouteContext) => {
      const state = opened(ctx.request, ctx.set);
      const context = { caller: null, apiVersion: state.apiVersion, charge: null, spend: null, checked: undefined, body: undefined, query: ctx.query, params: ctx.params, request: ctx.request, readBody: () => Promise.resolve(undefined), set: ctx.set };
      const answer = handler(context as unknown as V1Context<Receipt, D>);
      return answer instanceof Promise ? answer.then((settled) => shaped(settled, state)) : shaped(answer, state);
    };
    const run = async (ctx: RouteContext) => {
      const state = opened(ctx.request, ctx.set);
      let read: Promise<unknown> | undefined;
      const readBody = lazyBody ? () => (read ??= readJsonRequest(ctx.request, maxBody)) : () => Promise.resolve(ctx.body);
      const checked = declaration.precheck ? await declaration.precheck({ caller: state.caller, body: ctx.body, query: ctx.query, params: ctx.params, request: ctx.request, readBody }) : undefined;
      const caller = state.caller;
      const operation = declaration.operation;
      const inWork = declaration.paidIn === "work";
      if (inWork && caller && operation !== null) await door.checkBudget(caller, operation);
      const charge = caller && operation !== null && !inWork ? await door.charge(caller, operation) : null;
      const spend = inWork && caller && operation !== null ? (tx: DbOrTx) => door.spendIn(tx, caller, operation) : null;
      const context = {
        caller: state.caller,
        apiVersion: state.apiVersion,
        charge,
        spend,
        checked,
        body: ctx.body,
        query: ctx.query,
        params: ctx.params,
        request: ctx.request,
        readBody,
        set: ctx.set,
      } as unknown as V1Context<Receipt, D>;
      try {
        return shaped(await handler(context), state);
      } catch (error) {
        await charge?.refund();
        throw error;
      }
    };
    // Elysia reads a handler's source text to guess whether it is async (sync-hook.ts); bound, the
    // synchronous one shows none. It still parses what the route validates (params, query).
    this.elysia.route(method, path, (atOnce ? runAtOnce.bind(undefined) : run) as never, hook as never);
    return this;
  }
}
