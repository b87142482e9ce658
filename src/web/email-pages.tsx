// Pages of the e-mail flows: "check your e-mail" after sign-up, forgot password, reset password,
// and the notice on the Integrations page while an address is unconfirmed.
import { PASSWORD_MIN } from "../accounts/service.ts";
import { CsrfField, FieldError, Layout, type Flash } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

/**
 * `held`: no SMTP server is configured (PARLA_SMTP_URL), so the message waits in the operator's
 * outbox (DESIGN §4) and the page says so instead of "we sent".
 */
export function CheckEmailPage(props: { t: UiText; email: string; held: boolean }) {
  const { t } = props;
  return (
    <Layout t={t} title={t.email.checkTitle}>
      <div class="card narrow">
        <h1 safe>{t.email.checkTitle}</h1>
        {props.held ? (
          <p data-testid="mail-held" safe>
            {t.email.held(props.email)}
          </p>
        ) : (
          <>
            <p safe>{t.email.sent(props.email)}</p>
            <p class="hint" safe>
              {t.email.spam}
            </p>
          </>
        )}
        <p class="actions">
          <a href="/signin" safe>{t.common.signIn}</a>
        </p>
      </div>
    </Layout>
  );
}

export function ForgotPasswordPage(props: { t: UiText; csrf: string; email?: string; sent?: boolean; held?: boolean; error?: string; flash?: Flash | null }) {
  const { t } = props;
  return (
    <Layout t={t} title={t.email.forgotTitle} flash={props.flash}>
      <div class="card narrow">
        <h1 safe>{t.email.forgotTitle}</h1>
        {props.sent ? (
          <p role="status" safe>
            {props.held ? t.email.forgotHeld(props.email ?? null) : t.email.forgotSent(props.email ?? null)}
          </p>
        ) : (
          <form method="post" action="/password/forgot" novalidate>
            <CsrfField csrf={props.csrf} />
            <label for="email" safe>{t.common.email}</label>
            <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ""} aria-describedby="email-error" />
            <FieldError id="email-error" error={props.error} />
            <div class="actions">
              <button type="submit" safe>{t.email.sendLink}</button>
              <a href="/signin" safe>{t.email.backToSignIn}</a>
            </div>
          </form>
        )}
      </div>
    </Layout>
  );
}

export function ResetPasswordPage(props: { t: UiText; csrf: string; token: string; error?: string }) {
  const { t } = props;
  return (
    <Layout t={t} title={t.email.resetTitle}>
      <div class="card narrow">
        <h1 safe>{t.email.resetTitle}</h1>
        <form method="post" action="/password/reset" novalidate>
          <CsrfField csrf={props.csrf} />
          <input type="hidden" name="token" value={props.token} />
          <label for="password" safe>{t.common.newPassword}</label>
          <input id="password" name="password" type="password" autocomplete="new-password" required minlength={String(PASSWORD_MIN)} aria-describedby="password-hint password-error" />
          <p class="hint" id="password-hint" safe>
            {t.email.resetHint(PASSWORD_MIN)}
          </p>
          <FieldError id="password-error" error={props.error} />
          <div class="actions">
            <button type="submit" safe>{t.email.saveAndSignIn}</button>
          </div>
        </form>
      </div>
    </Layout>
  );
}

export function DeadLinkPage(props: { t: UiText }) {
  const { t } = props;
  return (
    <Layout t={t} title={t.email.deadTitle}>
      <div class="card narrow">
        <h1 safe>{t.email.deadHeading}</h1>
        <p safe>{t.email.deadText}</p>
        <p class="actions">
          <a href="/password/forgot" safe>{t.email.resetPassword}</a>
          <a href="/signin" safe>{t.common.signIn}</a>
        </p>
      </div>
    </Layout>
  );
}

/** Shown on the Integrations page until the address is confirmed. */
export function UnverifiedNotice(props: { email: string; csrf: string; held: boolean }) {
  return (
    <section class="card" aria-labelledby="verify-heading" data-testid="unverified-notice">
      <h2 id="verify-heading">Confirm your e-mail address</h2>
      <p safe>
        {props.held
          ? `Creating API clients needs a confirmed address. No mail server is configured on this Parla server (PARLA_SMTP_URL), so the link for ${props.email} is held in the operator's outbox: ask the operator for it.`
          : `Creating API clients needs a confirmed address. We sent a link to ${props.email}.`}
      </p>
      <form method="post" action="/account/verify-email" class="actions">
        <CsrfField csrf={props.csrf} />
        <button type="submit" class="secondary">
          Send the link again
        </button>
      </form>
    </section>
  );
}
