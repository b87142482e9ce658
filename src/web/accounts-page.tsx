// The operator's Accounts page (web/operator.ts): find users by part of their e-mail address and
// put their account on the free or paid plan (spec 5.6: plans are the operator's to set). Shows
// what `parla admin user list` prints; a change is one POST form with the session's CSRF token.
import type { DirectoryEntry } from "../accounts/user-directory.ts";
import { CsrfField, Layout, type Flash, type LayoutUser } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

export function AccountsPage(props: { t: UiText; user: LayoutUser; flash?: Flash | null; query: string; rows: DirectoryEntry[]; limit: number }) {
  const back = props.query ? `?email=${encodeURIComponent(props.query)}` : "";
  return (
    <Layout t={props.t} title="Accounts" nav="accounts" user={props.user} flash={props.flash}>
      <h1>Accounts</h1>
      <form method="get" action="/operator/accounts" class="card" role="search">
        <label for="find-email">E-mail address, or part of it</label>
        <input type="text" id="find-email" name="email" value={props.query} autocomplete="off" />
        <div class="actions">
          <button type="submit" class="secondary">
            Find
          </button>
          <span class="hint">The same as `parla admin user list --email …`. A plan applies to the whole account, from its next call.</span>
        </div>
      </form>
      {props.rows.length === 0 ? (
        props.query ? (
          <p safe>{`No user's address contains “${props.query}”.`}</p>
        ) : (
          <p>No users yet.</p>
        )
      ) : (
        <table>
          <thead>
            <tr>
              <th>E-mail</th>
              <th>Account</th>
              <th>Plan</th>
              <th>Change the plan</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr data-account-id={r.accountId} data-user-id={r.userId}>
                <td>
                  <span safe>{r.email}</span>
                  <div class="hint" safe>{`${r.owner ? "owner" : "member"}${r.confirmed ? "" : " · address not confirmed"}`}</div>
                </td>
                <td class="mono" safe>
                  {r.accountId}
                </td>
                <td data-plan={r.plan}>{r.plan}</td>
                <td>
                  <form method="post" action={`/operator/accounts/${encodeURIComponent(r.accountId)}/plan${back}`} class="actions">
                    <CsrfField csrf={props.user.csrf} />
                    <input type="hidden" name="plan" value={r.plan === "paid" ? "free" : "paid"} />
                    <button type="submit" class={r.plan === "paid" ? "secondary" : ""} aria-label={`${r.plan === "paid" ? "Move to the free plan" : "Give the paid plan"}: ${r.email}`}>
                      {r.plan === "paid" ? "Move to the free plan" : "Give the paid plan"}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.rows.length === props.limit ? <p class="hint" safe>{`The first ${props.limit} matches are shown; a longer part of the address narrows them.`}</p> : ""}
    </Layout>
  );
}
