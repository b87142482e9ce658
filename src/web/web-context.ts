// What every page handler needs: the session (if any), the cookie names, the flash message, and
// one way to answer with a page (clearing a shown flash) or to require a signed-in user.
import type { WebDeps } from "./web-deps.ts";
import { validateSession, type SessionContext } from "../accounts/sessions.ts";
import { cookieNames, readCookie, type CookieNames } from "./cookies.ts";
import { csrfValid } from "./csrf.ts";
import { flashCookie, readFlash } from "./flash.ts";
import { htmlResponse, redirect } from "./html-response.ts";
import type { Flash, LayoutUser } from "./layout.tsx";
import { reviewDay, type ReviewDay } from "../learning/review-queue.ts";
import { isOperator } from "./operator.ts";
import { pageLang, uiText, type UiLang, type UiText } from "./ui-text/index.ts";

export interface WebContext {
  deps: WebDeps;
  request: Request;
  names: CookieNames;
  session: SessionContext | null;
  flash: Flash | null;
  /** The language of the pages: the account's choice, else Accept-Language (ui-text/index.ts). */
  lang: UiLang;
  /** Its texts: the `t` prop of every page. */
  t: UiText;
  /** Today's review queue of the signed-in user (the navigation's badge; the Review page reads it too). */
  review: ReviewDay | null;
  /** The `user` prop for Layout. */
  user: LayoutUser | null;
  page(html: string, status?: number, cookies?: string[]): Response;
  redirect(location: string, flash?: Flash, cookies?: string[]): Response;
  csrfOk(submitted: unknown): boolean;
}

export async function webContext(deps: WebDeps, request: Request): Promise<WebContext> {
  const names = cookieNames(deps.config);
  const token = readCookie(request, names.session);
  const session = token ? await validateSession(deps.store.db, deps.clock.now(), token) : null;
  const { flash, clear } = readFlash(request, names);
  // Every signed-in page shows today's due cards by deck on the navigation.
  const review = session ? await reviewDay(deps.store.db, session.user.id, deps.clock.now()) : null;
  const due = review ? review.decks.map((d) => ({ deck: d.deck, due: d.due })) : [];
  const lang = pageLang(session?.user.uiLang, request.headers.get("accept-language"));
  return {
    deps,
    request,
    names,
    session,
    flash,
    lang,
    t: uiText(lang),
    review,
    user: session ? { email: session.user.email, csrf: session.csrfSecret, due, operator: isOperator(deps.config, session.user.email) } : null,
    page(html, status = 200, cookies = []) {
      const response = htmlResponse(html, status);
      for (const c of [...cookies, ...(clear ? [clear] : [])]) response.headers.append("set-cookie", c);
      return response;
    },
    redirect(location, flash, cookies = []) {
      return redirect(location, { "set-cookie": [...cookies, ...(flash ? [flashCookie(names, flash)] : [])] });
    },
    csrfOk(submitted) {
      return csrfValid(deps.config, names, request, submitted, session);
    },
  };
}

/** The signed-in context, or a redirect to sign-in that comes back here afterwards. */
export async function requireSignedIn(deps: WebDeps, request: Request): Promise<{ ctx: WebContext & { session: SessionContext; user: LayoutUser; review: ReviewDay } } | { response: Response }> {
  const ctx = await webContext(deps, request);
  if (!ctx.session) {
    const url = new URL(request.url);
    return { response: redirect(`/signin?next=${encodeURIComponent(url.pathname + url.search)}`) };
  }
  return { ctx: ctx as WebContext & { session: SessionContext; user: LayoutUser; review: ReviewDay } };
}

export function formString(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : "";
}

export function formList(body: unknown, name: string): string[] {
  const value = (body as Record<string, unknown> | null)?.[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}

/** The expired-form message in the page's language. */
export const csrfFailed = (ctx: { t: UiText }): Flash => ({ kind: "error", text: ctx.t.errors.csrf });

export const CSRF_FAILED: Flash = { kind: "error", text: "Your form expired or came from another site. Please try again." };
