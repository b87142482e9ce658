import type { ConnectionRow } from "../accounts/external-signin/account-connections.ts";
import { PASSWORD_MIN } from "../accounts/service.ts";
import type { ConnectedApp } from "../oauth/connected-apps.ts";
import { CsrfField, FieldError, Layout, PostButton, type Flash } from "./layout.tsx";

type User = { email: string; csrf: string };

function day(ms: number | null): string {
  return ms === null ? "never" : new Date(ms).toISOString().slice(0, 10);
}

export function ConnectedAppsPage(props: { user: User; apps: ConnectedApp[]; flash?: Flash | null }) {
  return (
    <Layout title="Connected apps" nav="connected" user={props.user} flash={props.flash}>
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
                <td safe>{day(app.createdAt)}</td>
                <td safe>{day(app.lastUsedAt)}</td>
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
function SignInMethods(props: { user: User; connections: ConnectionRow[] }) {
  if (props.connections.length === 0) return "";
  return (
    <section class="card" aria-labelledby="sign-in-methods">
      <h2 id="sign-in-methods">Sign-in methods</h2>
      <p class="muted">Connect an outside account to sign in with it. Connecting only ever happens here, while you are signed in.</p>
      <table>
        <tbody>
          {props.connections.map((c) => (
            <tr data-provider={c.id}>
              <td safe>{c.label}</td>
              <td safe>{c.connectedAt === null ? "not connected" : `connected since ${day(c.connectedAt)}`}</td>
              <td>
                {c.connectedAt !== null ? (
                  <PostButton action={`/account/connections/${encodeURIComponent(c.id)}/remove`} csrf={props.user.csrf} label="Remove" confirm="Remove this sign-in method?" />
                ) : c.configured ? (
                  <PostButton action={`/account/connections/${encodeURIComponent(c.id)}/connect`} csrf={props.user.csrf} label={`Connect ${c.label}`} />
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
function ChangePassword(props: { user: User; errors?: PasswordErrors }) {
  return (
    <section class="card" aria-labelledby="change-password">
      <h2 id="change-password">Change password</h2>
      <form method="post" action="/account/password" novalidate>
        <CsrfField csrf={props.user.csrf} />
        <label for="current-password">Current password</label>
        <input type="password" id="current-password" name="current_password" autocomplete="current-password" required aria-describedby="current-password-error" />
        <FieldError id="current-password-error" error={props.errors?.current_password} />
        <label for="new-password">New password</label>
        <input type="password" id="new-password" name="password" autocomplete="new-password" required minlength={String(PASSWORD_MIN)} aria-describedby="new-password-error" />
        <FieldError id="new-password-error" error={props.errors?.password} />
        <p class="hint">Changing it signs you out everywhere else.</p>
        <div class="actions">
          <button type="submit">Change password</button>
        </div>
      </form>
    </section>
  );
}

/** For a user created through an outside provider (no password yet): a first password, no current one to give. */
function SetPassword(props: { user: User; errors?: PasswordErrors }) {
  return (
    <section class="card" aria-labelledby="set-password">
      <h2 id="set-password">Set a password</h2>
      <p class="muted">You sign in through an outside provider. With a password you can also sign in with your e-mail address.</p>
      <form method="post" action="/account/password/set" novalidate>
        <CsrfField csrf={props.user.csrf} />
        <label for="new-password">New password</label>
        <input type="password" id="new-password" name="password" autocomplete="new-password" required minlength={String(PASSWORD_MIN)} aria-describedby="new-password-hint new-password-error" />
        <p class="hint" id="new-password-hint">
          At least {PASSWORD_MIN} characters. A long phrase is best.
        </p>
        <FieldError id="new-password-error" error={props.errors?.password} />
        <label for="password-confirmation">New password again</label>
        <input type="password" id="password-confirmation" name="password_confirmation" autocomplete="new-password" required aria-describedby="password-confirmation-error" />
        <FieldError id="password-confirmation-error" error={props.errors?.password_confirmation} />
        <p class="hint">Setting it signs you out everywhere else.</p>
        <div class="actions">
          <button type="submit">Set password</button>
        </div>
      </form>
    </section>
  );
}

export function AccountPage(props: { user: User; plan: string; allowance: number; isOwner: boolean; hasPassword: boolean; flash?: Flash | null; errors?: PasswordErrors; connections?: ConnectionRow[] }) {
  return (
    <Layout title="Account" nav="account" user={props.user} flash={props.flash}>
      <h1>Account</h1>
      <div class="card">
        <p>
          E-mail: <strong safe>{props.user.email}</strong>
        </p>
        <p>
          Plan: <strong safe>{props.plan}</strong> · monthly allowance <strong safe>{`${props.allowance} credits`}</strong>
        </p>
        <p class="hint">Plans are set by the operator of this Parla server.</p>
      </div>
      {props.hasPassword ? <ChangePassword user={props.user} errors={props.errors} /> : <SetPassword user={props.user} errors={props.errors} />}
      <SignInMethods user={props.user} connections={props.connections ?? []} />
    </Layout>
  );
}
