// Pages of the e-mail flows: "check your e-mail" after sign-up, forgot password, reset password,
// and the notice on the Integrations page while an address is unconfirmed.
import { CsrfField, FieldError, Layout, type Flash } from "./layout.tsx";

export function CheckEmailPage(props: { email: string }) {
  return (
    <Layout title="Check your e-mail">
      <div class="card narrow">
        <h1>Check your e-mail</h1>
        <p safe>{`We sent a message to ${props.email}. Follow the link in it to confirm your address and sign in.`}</p>
        <p class="hint">
          Nothing there? Look in your spam folder. If you already have an account, the message says how to sign in or reset your password.
        </p>
        <p class="actions">
          <a href="/signin">Sign in</a>
        </p>
      </div>
    </Layout>
  );
}

export function ForgotPasswordPage(props: { csrf: string; email?: string; sent?: boolean; error?: string; flash?: Flash | null }) {
  return (
    <Layout title="Forgot your password" flash={props.flash}>
      <div class="card narrow">
        <h1>Forgot your password</h1>
        {props.sent ? (
          <p role="status" safe>
            {`If an account exists for ${props.email ?? "that address"}, we sent it a link to choose a new password. The link works once, for 30 minutes.`}
          </p>
        ) : (
          <form method="post" action="/password/forgot" novalidate>
            <CsrfField csrf={props.csrf} />
            <label for="email">E-mail</label>
            <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ""} aria-describedby="email-error" />
            <FieldError id="email-error" error={props.error} />
            <div class="actions">
              <button type="submit">Send me a link</button>
              <a href="/signin">Back to sign in</a>
            </div>
          </form>
        )}
      </div>
    </Layout>
  );
}

export function ResetPasswordPage(props: { csrf: string; token: string; error?: string }) {
  return (
    <Layout title="Choose a new password">
      <div class="card narrow">
        <h1>Choose a new password</h1>
        <form method="post" action="/password/reset" novalidate>
          <CsrfField csrf={props.csrf} />
          <input type="hidden" name="token" value={props.token} />
          <label for="password">New password</label>
          <input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" aria-describedby="password-hint password-error" />
          <p class="hint" id="password-hint">
            At least 10 characters. Saving it signs out every device signed in to your account.
          </p>
          <FieldError id="password-error" error={props.error} />
          <div class="actions">
            <button type="submit">Save and sign in</button>
          </div>
        </form>
      </div>
    </Layout>
  );
}

export function DeadLinkPage(props: { what: string }) {
  return (
    <Layout title="Link no longer valid">
      <div class="card narrow">
        <h1>This link no longer works</h1>
        <p safe>{`The ${props.what} link has been used already, has expired, or was copied incompletely.`}</p>
        <p class="actions">
          <a href="/password/forgot">Reset your password</a>
          <a href="/signin">Sign in</a>
        </p>
      </div>
    </Layout>
  );
}

/** Shown on the Integrations page until the address is confirmed. */
export function UnverifiedNotice(props: { email: string; csrf: string }) {
  return (
    <section class="card" aria-labelledby="verify-heading" data-testid="unverified-notice">
      <h2 id="verify-heading">Confirm your e-mail address</h2>
      <p safe>{`Creating API clients needs a confirmed address. We sent a link to ${props.email}.`}</p>
      <form method="post" action="/account/verify-email" class="actions">
        <CsrfField csrf={props.csrf} />
        <button type="submit" class="secondary">
          Send the link again
        </button>
      </form>
    </section>
  );
}
