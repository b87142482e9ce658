import { PASSWORD_MIN } from "../accounts/service.ts";
import { CsrfField, FieldError, Layout, type Flash } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

export interface AuthFormState {
  t: UiText;
  csrf: string;
  email?: string;
  errors?: { email?: string; password?: string; form?: string };
  next?: string;
  flash?: Flash | null;
  externalProviders?: { id: string; label: string }[];
}

/** One link per configured external provider (GET /signin/{id} starts the flow); nothing when none is configured. */
function ExternalProviders(props: { t: UiText; providers: AuthFormState["externalProviders"]; next: string }) {
  const providers = props.providers ?? [];
  if (providers.length === 0) return "";
  return (
    <div class="external-signin">
      {providers.map((p) => (
        <p>
          <a class="button secondary" href={`/signin/${encodeURIComponent(p.id)}${props.next}`} data-provider={p.id} safe>
            {props.t.auth.signInWith(p.label)}
          </a>
        </p>
      ))}
    </div>
  );
}

export function SignInPage(props: AuthFormState) {
  const { t } = props;
  const next = props.next ? `?next=${encodeURIComponent(props.next)}` : "";
  return (
    <Layout t={t} title={t.auth.signInTitle} flash={props.flash}>
      <div class="card narrow">
        <h1 safe>{t.auth.signInTitle}</h1>
        {props.errors?.form ? (
          <p class="flash error" role="alert" safe>
            {props.errors.form}
          </p>
        ) : (
          ""
        )}
        <form method="post" action={`/signin${next}`} novalidate>
          <CsrfField csrf={props.csrf} />
          <label for="email" safe>{t.common.email}</label>
          <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ""} aria-describedby="email-error" />
          <FieldError id="email-error" error={props.errors?.email} />
          <label for="password" safe>{t.common.password}</label>
          <input id="password" name="password" type="password" autocomplete="current-password" required aria-describedby="password-error" />
          <FieldError id="password-error" error={props.errors?.password} />
          <div class="actions">
            <button type="submit" safe>{t.common.signIn}</button>
            <a href={`/signup${next}`} safe>{t.auth.createAccount}</a>
            <a href="/password/forgot" safe>{t.auth.forgot}</a>
          </div>
        </form>
        <ExternalProviders t={props.t} providers={props.externalProviders} next={next} />
      </div>
    </Layout>
  );
}

export function SignUpPage(props: AuthFormState) {
  const { t } = props;
  const next = props.next ? `?next=${encodeURIComponent(props.next)}` : "";
  return (
    <Layout t={t} title={t.auth.signUpTitle} flash={props.flash}>
      <div class="card narrow">
        <h1 safe>{t.auth.signUpTitle}</h1>
        <form method="post" action={`/signup${next}`} novalidate>
          <CsrfField csrf={props.csrf} />
          <label for="email" safe>{t.common.email}</label>
          <input id="email" name="email" type="email" autocomplete="email" required value={props.email ?? ""} aria-describedby="email-error" />
          <FieldError id="email-error" error={props.errors?.email} />
          <label for="password" safe>{t.common.password}</label>
          <input id="password" name="password" type="password" autocomplete="new-password" required minlength={String(PASSWORD_MIN)} aria-describedby="password-hint password-error" />
          <p class="hint" id="password-hint" safe>
            {t.auth.signUpHint(PASSWORD_MIN)}
          </p>
          <FieldError id="password-error" error={props.errors?.password} />
          {props.errors?.form ? (
            <p class="field-error" role="alert" safe>
              {props.errors.form}
            </p>
          ) : (
            ""
          )}
          <div class="actions">
            <button type="submit" safe>{t.auth.signUpButton}</button>
            <a href={`/signin${next}`} safe>{t.auth.haveAccount}</a>
          </div>
        </form>
        <ExternalProviders t={props.t} providers={props.externalProviders} next={next} />
      </div>
    </Layout>
  );
}
