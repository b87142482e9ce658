import type { ConnectionRow } from "../accounts/external-signin/account-connections.ts";
import { PASSWORD_MIN } from "../accounts/service.ts";
import type { ConnectedApp } from "../oauth/connected-apps.ts";
import type { AllowanceState } from "../billing/report.ts";
import { CsrfField, FieldError, Layout, PostButton, type Flash } from "./layout.tsx";
import { LANGUAGE_NAMES } from "../generation/languages.ts";
import { UI_LANGS, type UiLang, type UiText } from "./ui-text/index.ts";

/** Each language named in itself, so that a learner finds theirs whatever the page is in now. */
const endonym = (code: UiLang) => {
  const name = LANGUAGE_NAMES[code][code];
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
};

type User = { email: string; csrf: string };

function day(t: UiText, ms: number | null): string {
  return ms === null ? t.common.never : new Date(ms).toISOString().slice(0, 10);
}

export function ConnectedAppsPage(props: { t: UiText; user: User; apps: ConnectedApp[]; flash?: Flash | null }) {
  return (
    <Layout t={props.t} title="Connected apps" nav="connected" user={props.user} flash={props.flash}>
      <h1>Connected apps</h1>
      <p class="muted">Apps you allowed to use your account. Their calls spend your allowance. Removing one stops it at once.</p>
      {props.apps.length === 0 ? (
        <p>No app is connected.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>App</th>
              <th>Can</th>
              <th>Connected</th>
              <th>Last used</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {props.apps.map((app) => (
              <tr>
                <td safe>{app.clientName}</td>
                <td>
                  {app.scopes.map((s) => (
                    <span class="tag" safe>
                      {s}
                    </span>
                  ))}
                </td>
                <td safe>{day(props.t, app.createdAt)}</td>
                <td safe>{day(props.t, app.lastUsedAt)}</td>
                <td>
                  <PostButton action={`/account/connected-apps/${encodeURIComponent(app.grantId)}/remove`} csrf={props.user.csrf} label="Remove" confirm="Remove this app? It will be signed out at once." />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Layout>
  );
}

/** Connect or remove external sign-in providers (POST forms with the session's CSRF token). */
function SignInMethods(props: { t: UiText; user: User; connections: ConnectionRow[] }) {
  const a = props.t.account;
  if (props.connections.length === 0) return "";
  return (
    <section class="card" aria-labelledby="sign-in-methods">
      <h2 id="sign-in-methods" safe>{a.signInMethods}</h2>
      <p class="muted" safe>{a.signInMethodsIntro}</p>
      <table>
        <tbody>
          {props.connections.map((c) => (
            <tr data-provider={c.id}>
              <td safe>{c.label}</td>
              <td safe>{c.connectedAt === null ? a.notConnected : a.connectedSince(day(props.t, c.connectedAt))}</td>
              <td>
                {c.connectedAt !== null ? (
                  <PostButton action={`/account/connections/${encodeURIComponent(c.id)}/remove`} csrf={props.user.csrf} label={props.t.common.remove} confirm={a.removeMethod} />
                ) : c.configured ? (
                  <PostButton action={`/account/connections/${encodeURIComponent(c.id)}/connect`} csrf={props.user.csrf} label={a.connect(c.label)} />
                ) : (
                  ""
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export type PasswordErrors = { password?: string; password_confirmation?: string; current_password?: string };

/** For a user with a password: replacing it needs the current one. */
function ChangePassword(props: { t: UiText; user: User; errors?: PasswordErrors }) {
  const { t } = props;
  const a = t.account;
  return (
    <section class="card" aria-labelledby="change-password">
      <h2 id="change-password" safe>{a.changePassword}</h2>
      <form method="post" action="/account/password" novalidate>
        <CsrfField csrf={props.user.csrf} />
        <label for="current-password" safe>{a.currentPassword}</label>
        <input type="password" id="current-password" name="current_password" autocomplete="current-password" required aria-describedby="current-password-error" />
        <FieldError id="current-password-error" error={props.errors?.current_password} />
        <label for="new-password" safe>{t.common.newPassword}</label>
        <input type="password" id="new-password" name="password" autocomplete="new-password" required minlength={String(PASSWORD_MIN)} aria-describedby="new-password-error" />
        <FieldError id="new-password-error" error={props.errors?.password} />
        <p class="hint" safe>{a.signsOutOthers}</p>
        <div class="actions">
          <button type="submit" safe>{a.changePassword}</button>
        </div>
      </form>
    </section>
  );
}

/** For a user created through an outside provider (no password yet): a first password, no current one to give. */
function SetPassword(props: { t: UiText; user: User; errors?: PasswordErrors }) {
  const { t } = props;
  const a = t.account;
  return (
    <section class="card" aria-labelledby="set-password">
      <h2 id="set-password" safe>{a.setPassword}</h2>
      <p class="muted" safe>{a.setPasswordIntro}</p>
      <form method="post" action="/account/password/set" novalidate>
        <CsrfField csrf={props.user.csrf} />
        <label for="new-password" safe>{t.common.newPassword}</label>
        <input type="password" id="new-password" name="password" autocomplete="new-password" required minlength={String(PASSWORD_MIN)} aria-describedby="new-password-hint new-password-error" />
        <p class="hint" id="new-password-hint" safe>
          {a.passwordHint(PASSWORD_MIN)}
        </p>
        <FieldError id="new-password-error" error={props.errors?.password} />
        <label for="password-confirmation" safe>{a.passwordAgain}</label>
        <input type="password" id="password-confirmation" name="password_confirmation" autocomplete="new-password" required aria-describedby="password-confirmation-error" />
        <FieldError id="password-confirmation-error" error={props.errors?.password_confirmation} />
        <p class="hint" safe>{a.setSignsOut}</p>
        <div class="actions">
          <button type="submit" safe>{a.setPasswordButton}</button>
        </div>
      </form>
    </section>
  );
}

/** The language of the pages, kept on the user (users.ui_lang); "auto" follows Accept-Language. */
function PageLanguage(props: { t: UiText; user: User; chosen: UiLang | null }) {
  const a = props.t.account;
  return (
    <form method="post" action="/account/language" class="card" aria-labelledby="page-language">
      <CsrfField csrf={props.user.csrf} />
      <label for="ui-lang" id="page-language" safe>
        {a.language}
      </label>
      <select id="ui-lang" name="ui_lang">
        <option value="auto" selected={props.chosen === null} safe>
          {a.languageAuto}
        </option>
        {UI_LANGS.map((code) => (
          <option value={code} selected={props.chosen === code} lang={code} safe>
            {endonym(code)}
          </option>
        ))}
      </select>
      <div class="actions">
        <button type="submit" class="secondary" safe>
          {a.languageSave}
        </button>
      </div>
    </form>
  );
}

export function AccountPage(props: { t: UiText; user: User; accountId: string; plan: string; allowance: AllowanceState; isOwner: boolean; hasPassword: boolean; uiLang: UiLang | null; flash?: Flash | null; errors?: PasswordErrors; connections?: ConnectionRow[] }) {
  const { t } = props;
  const a = t.account;
  return (
    <Layout t={t} title={a.title} nav="account" user={props.user} flash={props.flash}>
      <h1 safe>{a.title}</h1>
      <div class="card">
        <p>
          <span safe>{a.emailLine}</span> <strong safe>{props.user.email}</strong>
        </p>
        <p>
          <span safe>{a.planLine}</span> <strong safe>{a.plans[props.plan] ?? props.plan}</strong> · <strong safe>{a.allowance(props.allowance.credits)}</strong>
        </p>
        <p safe>{t.home.creditsLeft(props.allowance.remaining, props.allowance.credits)}</p>
        <p>
          <span safe>{a.accountId}</span> <code class="mono" data-testid="account-id" safe>
            {props.accountId}
          </code>
        </p>
        <p class="hint" safe>{props.plan === "paid" ? a.plansBy : `${a.plansBy} ${a.askOperator}`}</p>
        <p>
          <a href="/account/connected-apps" safe>{t.nav.connected}</a>
        </p>
      </div>
      <PageLanguage t={t} user={props.user} chosen={props.uiLang} />
      {props.hasPassword ? <ChangePassword t={t} user={props.user} errors={props.errors} /> : <SetPassword t={t} user={props.user} errors={props.errors} />}
      <SignInMethods t={t} user={props.user} connections={props.connections ?? []} />
    </Layout>
  );
}
