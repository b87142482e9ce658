// The shared shell of every page: navigation, flash message, main content. Dynamic text is always
// rendered with `safe` (Kita escapes children only when told; `xss-scan` in scripts/test checks it).
import type { PropsWithChildren } from "@kitajs/html";
import type { UiText } from "./ui-text/index.ts";
import { DueBadges, type DeckBadge } from "./due-badges.tsx";

export type NavKey = "home" | "learn" | "lessons" | "tutor" | "review" | "integrations" | "webhooks" | "events" | "connected" | "usage" | "account" | "outbox" | "accounts";
export interface Flash {
  kind: "ok" | "error";
  text: string;
}

type NavItem = { key: NavKey; href: string };

/** The learner's menu; each label is the learner's language's `nav[key]` (ui-text/). */
const LEARNER_NAV: NavItem[] = [
  { key: "home", href: "/" },
  { key: "learn", href: "/learn" },
  { key: "lessons", href: "/lessons" },
  { key: "tutor", href: "/tutor" },
  { key: "review", href: "/review" },
  { key: "account", href: "/account" },
];

/** The tools for games and apps, folded under one "Developers" entry so that learners meet six. */
const DEVELOPER_NAV: NavItem[] = [
  { key: "integrations", href: "/admin" },
  { key: "webhooks", href: "/admin/webhooks" },
  { key: "events", href: "/events" },
  { key: "usage", href: "/usage" },
  { key: "connected", href: "/account/connected-apps" },
];

/** What belongs to the whole server (web/operator.ts), in the same menu for operators only. */
const OPERATOR_NAV: NavItem[] = [
  { key: "accounts", href: "/operator/accounts" },
  { key: "outbox", href: "/operator/outbox" },
];

/** The signed-in user as every page shows them; `due` is today's review cards by deck (web-context.ts). */
export interface LayoutUser {
  email: string;
  csrf: string;
  due?: DeckBadge[];
  /** An operator (PARLA_OPERATOR_EMAILS) also sees Accounts and the Outbox. */
  operator?: boolean;
}

/**
 * The Developers entry: a <details> disclosure, so it opens without a script. On one of its own
 * pages it is marked as the current section (data-current) and the page's link as aria-current.
 */
function DeveloperMenu(props: { t: UiText; nav?: NavKey; operator: boolean }) {
  const { t } = props;
  const here = [...DEVELOPER_NAV, ...OPERATOR_NAV].some((item) => item.key === props.nav);
  const link = (item: NavItem) => (
    <li>
      <a href={item.href} aria-current={props.nav === item.key ? "page" : undefined} safe>
        {t.nav[item.key]}
      </a>
    </li>
  );
  return (
    <details class="dev-menu" data-testid="developers-menu" data-current={here ? "true" : undefined}>
      <summary safe>{t.nav.developers}</summary>
      <ul>
        {DEVELOPER_NAV.map(link)}
        {props.operator ? (
          <>
            <li class="menu-heading" safe>
              {t.nav.operator}
            </li>
            {OPERATOR_NAV.map(link)}
          </>
        ) : (
          ""
        )}
      </ul>
    </details>
  );
}

/** `t`: the texts of the learner's language (web-context.ts picks it), also its <html lang>. */
export function Layout(props: PropsWithChildren<{ title: string; t: UiText; nav?: NavKey; user?: LayoutUser | null; flash?: Flash | null }>) {
  const t = props.t;
  return (
    <html lang={t.layout.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title safe>{props.title} · Parla</title>
        <link rel="stylesheet" href="/assets/parla.css" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script src="/assets/parla.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main" safe>
          {t.layout.skip}
        </a>
        <header class="top">
          <div class="bar">
            <a class="brand" href="/">Parla</a>
            {props.user ? (
              <nav class="main" aria-label={t.layout.mainNav}>
                {LEARNER_NAV.map((item) => (
                  <a href={item.href} aria-current={props.nav === item.key ? "page" : undefined}>
                    <span safe>{t.nav[item.key]}</span>
                    {item.key === "review" && props.user?.due?.some((d) => d.due > 0) ? <DueBadges t={t} decks={props.user.due} /> : ""}
                  </a>
                ))}
                <DeveloperMenu t={t} nav={props.nav} operator={props.user.operator === true} />
              </nav>
            ) : (
              ""
            )}
            {props.user ? (
              <form method="post" action="/signout" class="inline">
                <CsrfField csrf={props.user.csrf} />
                <span class="muted" safe>
                  {props.user.email}
                </span>{" "}
                <button class="secondary" type="submit" safe>
                  {t.layout.signOut}
                </button>
              </form>
            ) : (
              ""
            )}
          </div>
        </header>
        <main id="main">
          {props.flash ? (
            <p class={`flash ${props.flash.kind}`} role={props.flash.kind === "error" ? "alert" : "status"} safe>
              {props.flash.text}
            </p>
          ) : (
            ""
          )}
          {props.children}
        </main>
      </body>
    </html>
  );
}

export function FieldError(props: { id: string; error?: string | null }) {
  return props.error ? (
    <p class="field-error" id={props.id} safe>
      {props.error}
    </p>
  ) : (
    ""
  );
}

/** A one-button POST form carrying the CSRF token; `confirm` asks first (browser-script.ts). */
/** The session's CSRF token, which every state-changing form sends (src/web/csrf.ts). */
export function CsrfField(props: { csrf: string }) {
  return <input type="hidden" name="csrf_token" value={props.csrf} />;
}

export function PostButton(props: { action: string; csrf: string; label: string; confirm?: string }) {
  return (
    <form method="post" action={props.action} data-confirm={props.confirm}>
      <CsrfField csrf={props.csrf} />
      <button type="submit" class="secondary" safe>
        {props.label}
      </button>
    </form>
  );
}
