import { Layout } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";
import { SCOPE_DESCRIPTIONS, type Scope } from "../lib/scopes.ts";
import { AUTHORIZE_PARAMS } from "../oauth/authorization-request.ts";

export function ConsentPage(props: { t: UiText; clientName: string; clientType: "public" | "confidential"; redirectHost: string; scopes: string[]; params: Record<string, string | undefined>; user: { email: string; csrf: string } }) {
  return (
    <Layout t={props.t} title="Allow access?" user={props.user}>
      <div class="card narrow">
        <h1>
          Allow <span safe>{props.clientName}</span> to use your Parla account?
        </h1>
        <p>
          Signed in as <strong safe>{props.user.email}</strong>. The app will be able to:
        </p>
        <ul>
          {props.scopes.map((s) => (
            <li>
              <span safe>{SCOPE_DESCRIPTIONS[s as Scope] ?? s}</span> <code class="muted" safe>{s}</code>
            </li>
          ))}
        </ul>
        <p class="hint">
          Calls it makes for you spend your account's allowance. You can remove it at any time under Connected apps.
          {props.clientType === "public" ? " This is an app on a device, so you are asked every time." : ""}
        </p>
        <p class="hint">
          You will return to <strong safe>{props.redirectHost}</strong>.
        </p>
        <form method="post" action="/oauth/authorize">
          <input type="hidden" name="csrf_token" value={props.user.csrf} />
          {AUTHORIZE_PARAMS.map((name) => (props.params[name] !== undefined ? <input type="hidden" name={name} value={props.params[name]} /> : ""))}
          <div class="actions">
            <button type="submit" name="decision" value="approve">
              Allow
            </button>
            <button type="submit" name="decision" value="deny" class="secondary">
              Deny
            </button>
          </div>
        </form>
      </div>
    </Layout>
  );
}

export function AuthorizeErrorPage(props: { t: UiText; message: string }) {
  return (
    <Layout t={props.t} title="Cannot continue">
      <div class="card narrow">
        <h1>This sign-in link cannot be used</h1>
        <p safe>{props.message}</p>
        <p class="hint">Go back to the app and try again, or tell its developer.</p>
      </div>
    </Layout>
  );
}
