import { CsrfField, FieldError, Layout, type Flash } from "./layout.tsx";

export interface AuthFormState {
  csrf: string;
  email?: string;
  errors?: { email?: string; password?: string; form?: string };
  next?: string;
  flash?: Flash | null;
  externalProviders?: { id: string; label: string }[];
}

/** One link per configured external provider (GET /signin/{id} starts the flow); nothing when none is configured. */
function ExternalProviders(props: { providers: AuthFormState["externalProviders"]; next: string }) {
  const providers = props.providers ?? [];
  if (providers.length === 0) return "";
  return (
    <div class="external-signin">
      {providers.map((p) => (
        <p>
          <a class="button secondary" href={`/signin/${encodeURIComponent(p.id)}${props.next}`} data-provider={p.id} safe>
            {`Sign in with ${p.label}`}
          </a>
        </p>
      ))}
    </div>
  );
}

export function SignInPage(props: AuthFormState) {
  const next = props.next ? `?next=${encodeURIComponent(props.next)}` : "";
  return (
    <Layout title="Sign in" flash={props.flash}>
      <div class="card narrow">
        <h1>Sign in</h1>
        {props.errors?.form ? (
          <p class="flash error" role="alert" safe>
            {props.errors.form}
          </p>
        ) : (
          ""
        )}
        <form method="post" action={`/signin${next}`} novalidate>
          <CsrfField csrf={props.csrf} />
          <label for="email">E-mail</label>
          <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ""} aria-describedby="email-error" />
          <FieldError id="email-error" error={props.errors?.email} />
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="current-password" required aria-describedby="password-error" />
          <FieldError id="password-error" error={props.errors?.password} />
          <div class="actions">
            <button type="submit">Sign in</button>
            <a href={`/signup${next}`}>Create an account</a>
            <a href="/password/forgot">Forgot your password?</a>
          </div>
        </form>
        <ExternalProviders providers={props.externalProviders} next={next} />
      </div>
    </Layout>
  );
}

export function SignUpPage(props: AuthFormState) {
  const next = props.next ? `?next=${encodeURIComponent(props.next)}` : "";
  return (
    <Layout title="Create your account" flash={props.flash}>
      <div class="card narrow">
        <h1>Create your account</h1>
        <form method="post" action={`/signup${next}`} novalidate>
          <CsrfField csrf={props.csrf} />
          <label for="email">E-mail</label>
          <input id="email" name="email" type="email" autocomplete="email" required value={props.email ?? ""} aria-describedby="email-error" />
          <FieldError id="email-error" error={props.errors?.email} />
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" aria-describedby="password-hint password-error" />
          <p class="hint" id="password-hint">
            At least 10 characters. A long phrase is best.
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
            <button type="submit">Create account</button>
            <a href={`/signin${next}`}>I already have an account</a>
          </div>
        </form>
        <ExternalProviders providers={props.externalProviders} next={next} />
      </div>
    </Layout>
  );
}
