// The Usage page ({web_app_url}/usage, spec 5.6): the allowance and this month's usage per
// client, bar charts by day drawn as inline SVG on the server (no script, no CDN; presentation
// attributes only, since the CSP allows no inline style), and the metered billing settings.
import type { UsageSummaryRow } from "../generation/llm/usage-store.ts";
import type { AccountMonth, ClientMonth } from "../billing/account-usage.ts";
import { CsrfField, FieldError, Layout, type Flash } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

type User = { email: string; csrf: string };

const ALLOWANCE_COLOUR = "#2251cc";
const METERED_COLOUR = "#d97706";
const CALLS_COLOUR = "#8a94a8";

function credits(n: number): string {
  return `${n.toLocaleString("en")} credit${n === 1 ? "" : "s"}`;
}

function calls(n: number): string {
  return `${n.toLocaleString("en")} call${n === 1 ? "" : "s"}`;
}

function limitText(limit: number | null): string {
  return limit === null ? "no limit" : credits(limit);
}

interface Bar {
  label: string;
  segments: { value: number; colour: string }[];
}

/** Stacked bars, one per day, scaled to the busiest day; each bar's <title> is its tooltip. */
export function BarChart(props: { bars: Bar[]; width: number; height: number; title: string; axis?: boolean }) {
  const max = Math.max(1, ...props.bars.map((b) => b.segments.reduce((s, x) => s + x.value, 0)));
  const bottom = props.axis ? 16 : 0;
  const plot = props.height - bottom;
  const step = props.width / Math.max(props.bars.length, 1);
  const barWidth = Math.max(1, step * 0.72);
  return (
    <svg xmlns="http://www.w3.org/2000/svg" class="usage-chart" width={String(props.width)} height={String(props.height)} viewBox={`0 0 ${props.width} ${props.height}`} role="img" aria-label={props.title}>
      <title safe>{props.title}</title>
      <line x1="0" y1={String(plot)} x2={String(props.width)} y2={String(plot)} stroke="#dde1ea" stroke-width="1" />
      {props.bars.map((bar, i) => {
        let y = plot;
        return (
          <g>
            <title safe>{bar.label}</title>
            {bar.segments
              .filter((s) => s.value > 0)
              .map((s) => {
                const h = Math.max(1, (s.value / max) * (plot - 4));
                y -= h;
                return <rect x={(i * step).toFixed(1)} y={y.toFixed(1)} width={barWidth.toFixed(1)} height={h.toFixed(1)} fill={s.colour} />;
              })}
            {/* An empty day still gets a hover target, so every day has its tooltip. */}
            <rect x={(i * step).toFixed(1)} y="0" width={barWidth.toFixed(1)} height={String(plot)} fill="transparent" />
          </g>
        );
      })}
      {props.axis
        ? props.bars.map((bar, i) =>
            i % 7 === 0 ? (
              <text x={(i * step).toFixed(1)} y={String(props.height - 3)} font-size="10" fill="#5b6475" safe>
                {bar.label.slice(8, 10)}
              </text>
            ) : (
              ""
            ),
          )
        : ""}
      {props.axis ? (
        <text x={String(props.width)} y="10" font-size="10" fill="#5b6475" text-anchor="end" safe>
          {`max ${max.toLocaleString("en")}`}
        </text>
      ) : (
        ""
      )}
    </svg>
  );
}

/** How much of the allowance is used, as a wide bar (an SVG: the CSP allows no inline style to size a <meter>). */
function AllowanceBar(props: { used: number; credits: number; remaining: number }) {
  const width = 620;
  const filled = props.credits === 0 ? width : Math.min(1, props.used / props.credits) * width;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={String(width)} height="12" viewBox={`0 0 ${width} 12`} role="img" aria-label={`${props.used} of ${props.credits} credits used`} data-allowance-used={String(props.used)} data-allowance-remaining={String(props.remaining)}>
      <rect width={String(width)} height="12" rx="6" fill="#e7eaf1" />
      <rect width={filled.toFixed(1)} height="12" rx="6" fill={props.remaining === 0 ? "#b42318" : ALLOWANCE_COLOUR} />
    </svg>
  );
}

/** The account's month: credits by day and budget, or calls when nothing cost credits. */
function MonthChart(props: { data: AccountMonth }) {
  const anyCredits = props.data.daily.some((d) => d.allowanceCredits + d.meteredCredits > 0);
  const bars: Bar[] = props.data.daily.map((d) => ({
    label: `${d.day}: ${credits(d.allowanceCredits + d.meteredCredits)} (allowance ${d.allowanceCredits}, metered ${d.meteredCredits}), ${calls(d.calls)}`,
    segments: anyCredits
      ? [
          { value: d.allowanceCredits, colour: ALLOWANCE_COLOUR },
          { value: d.meteredCredits, colour: METERED_COLOUR },
        ]
      : [{ value: d.calls, colour: CALLS_COLOUR }],
  }));
  return (
    <figure>
      <BarChart bars={bars} width={620} height={150} axis title={`${anyCredits ? "Credits" : "Calls"} per day in ${props.data.month}`} />
      <figcaption class="hint">
        {anyCredits ? (
          <>
            <svg width="10" height="10" aria-hidden="true">
              <rect width="10" height="10" fill={ALLOWANCE_COLOUR} />
            </svg>{" "}
            allowance credits{" "}
            <svg width="10" height="10" aria-hidden="true">
              <rect width="10" height="10" fill={METERED_COLOUR} />
            </svg>{" "}
            metered credits — per day (UTC); hover a bar for its numbers.
          </>
        ) : (
          "Calls per day (UTC); nothing cost credits this month."
        )}
      </figcaption>
    </figure>
  );
}

function ClientSparkline(props: { client: ClientMonth }) {
  const useCredits = props.client.credits > 0;
  const colour = !useCredits ? CALLS_COLOUR : props.client.budget === "metered" ? METERED_COLOUR : ALLOWANCE_COLOUR;
  const bars = props.client.daily.map((d) => ({ label: `${d.day}: ${credits(d.credits)}, ${calls(d.calls)}`, segments: [{ value: useCredits ? d.credits : d.calls, colour }] }));
  return <BarChart bars={bars} width={124} height={28} title={`${props.client.name}: ${useCredits ? "credits" : "calls"} per day`} />;
}

function ClientTable(props: { clients: ClientMonth[] }) {
  if (props.clients.length === 0) return <p>No clients and no usage this month.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Client</th>
          <th>Billing</th>
          <th>Calls</th>
          <th>Credits</th>
          <th>Spending limit</th>
          <th>By day</th>
        </tr>
      </thead>
      <tbody>
        {props.clients.map((c) => (
          <tr data-client-id={c.clientId} data-budget={c.budget}>
            <td>
              <span safe>{c.name}</span>
              {c.clientId ? (
                <div class="mono hint" safe>
                  {c.clientId}
                </div>
              ) : (
                ""
              )}
              {c.ownClient ? "" : <div class="hint">an app acting for you; it spends your allowance</div>}
            </td>
            <td>{c.budget}</td>
            <td data-calls safe>
              {String(c.calls)}
            </td>
            <td data-credits safe>
              {String(c.credits)}
            </td>
            <td>{c.budget === "metered" && c.ownClient ? limitText(c.spendLimit) : "—"}</td>
            <td>
              <ClientSparkline client={c} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LimitForm(props: { action: string; id: string; label: string; value: number | null; csrf: string; error?: string }) {
  return (
    <form method="post" action={props.action}>
      <CsrfField csrf={props.csrf} />
      <label for={props.id} safe>
        {props.label}
      </label>
      <input type="number" id={props.id} name="spend_limit_credits" min="0" step="1" value={props.value === null ? "" : String(props.value)} placeholder="no limit" aria-describedby={`${props.id}-error`} />
      <FieldError id={`${props.id}-error`} error={props.error} />
      <div class="actions">
        <button type="submit" class="secondary">
          Save limit
        </button>
        <span class="hint">Empty means no limit. Calls are refused with 402 spend_cap_reached once a call would pass it.</span>
      </div>
    </form>
  );
}

function MeteredSettings(props: { data: AccountMonth; csrf: string; isOwner: boolean; errors: Record<string, string> }) {
  const m = props.data.metered;
  const meteredClients = props.data.clients.filter((c) => c.budget === "metered" && c.ownClient);
  // An error about a form this page does not show (e.g. a limit posted for an allowance client).
  const placed = new Set(["metered", "spend_limit_credits", ...meteredClients.map((c) => `client:${c.clientId}`)]);
  const unplaced = Object.entries(props.errors).filter(([key]) => !placed.has(key));
  return (
    <section class="card" aria-labelledby="metered-heading" id="metered">
      <h2 id="metered-heading">Usage billing (metered clients)</h2>
      <p>
        Status: <strong data-metered-active={m.active ? "true" : "false"}>{m.active ? "active" : "not active"}</strong>. Metered clients spend no allowance; they are billed per credit (lesson plan 10, tutor turn 1, vocabulary generation 3).
        {m.active ? "" : " While usage billing is not active, every call of a metered client is refused with 402 metered_billing_inactive."}
      </p>
      {unplaced.map(([key, error]) => (
        <FieldError id={`error-${key}`} error={error} />
      ))}
      <p safe>{`Metered credits this month: ${m.accountUsed.toLocaleString("en")} · account limit: ${limitText(m.accountLimit)}.`}</p>
      {props.isOwner ? (
        <>
          <form method="post" action="/usage/metered" class="actions">
            <CsrfField csrf={props.csrf} />
            <input type="hidden" name="action" value={m.active ? "deactivate" : "activate"} />
            <button type="submit" class={m.active ? "secondary" : ""}>
              {m.active ? "Deactivate usage billing" : "Activate usage billing"}
            </button>
          </form>
          <FieldError id="metered-error" error={props.errors.metered} />
          <LimitForm action="/usage/spend-limit" id="account-limit" label="Monthly spending limit for all metered clients (credits)" value={m.accountLimit} csrf={props.csrf} error={props.errors.spend_limit_credits} />
          {meteredClients.map((c) => (
            <LimitForm
              action={`/usage/clients/${encodeURIComponent(c.clientId)}/spend-limit`}
              id={`limit-${c.clientId}`}
              label={`Monthly spending limit for ${c.name} (credits)`}
              value={c.spendLimit}
              csrf={props.csrf}
              error={props.errors[`client:${c.clientId}`]}
            />
          ))}
          <p class="hint">Download the CSV export each month to bill metered usage through your payment provider.</p>
        </>
      ) : (
        <p class="hint">Only the account's owner can change usage billing and spending limits.</p>
      )}
    </section>
  );
}

/** For operators: what the language model was asked for, by day, model and operation (PARLA_ENGINE=openai). */
function ModelUsage(props: { rows: UsageSummaryRow[]; days: number }) {
  const total = props.rows.reduce((sum, r) => sum + r.total_tokens, 0);
  return (
    <section class="card" aria-labelledby="model-heading" id="model-usage">
      <h2 id="model-heading">Language model (this server)</h2>
      <p class="hint" safe>
        {`The last ${props.days} days, every account together: ${total.toLocaleString("en")} tokens. Repeated requests answered from the plan library cost none. Shown to operators only; \`parla admin llm usage\` prints the same.`}
      </p>
      {props.rows.length === 0 ? (
        <p>No requests to a language model.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Day</th>
              <th>Model</th>
              <th>Operation</th>
              <th>Requests</th>
              <th>Repairs</th>
              <th>Failed</th>
              <th>Prompt tokens</th>
              <th>Completion tokens</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr data-model-row>
                <td safe>{r.day}</td>
                <td safe>{r.model}</td>
                <td safe>{r.operation}</td>
                <td safe>{String(r.requests)}</td>
                <td safe>{String(r.repairs)}</td>
                <td safe>{String(r.failed)}</td>
                <td safe>{String(r.prompt_tokens)}</td>
                <td safe>{String(r.completion_tokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function UsagePage(props: { t: UiText;
  user: User;
  flash?: Flash | null;
  data: AccountMonth;
  plan: string;
  isOwner: boolean;
  currentMonth: string;
  previousMonth: string;
  nextMonth: string | null;
  errors?: Record<string, string>;
  /** Operators only: the language model's use on this server. */
  modelUsage?: { rows: UsageSummaryRow[]; days: number } | null;
}) {
  const a = props.data.allowance;
  const month = props.data.month;
  return (
    <Layout t={props.t} title="Usage" nav="usage" user={props.user} flash={props.flash}>
      <h1>Usage</h1>
      <p class="actions">
        <a href={`/usage?month=${props.previousMonth}`}>← Previous month</a>
        <strong safe>{`${month} (UTC)${month === props.currentMonth ? " — this month" : ""}`}</strong>
        {props.nextMonth ? <a href={`/usage?month=${props.nextMonth}`}>Next month →</a> : ""}
        <a class="button secondary" href={`/usage/export.csv?month=${month}`} download={`parla-usage-${month}.csv`}>
          Download CSV (per client per day)
        </a>
      </p>

      <section class="card" aria-labelledby="allowance-heading">
        <h2 id="allowance-heading">Allowance</h2>
        <p safe>{`${props.plan === "paid" ? "Paid" : "Free"} plan: ${credits(a.credits)} a month. Used ${a.used.toLocaleString("en")}, ${a.remaining.toLocaleString("en")} remaining.`}</p>
        <AllowanceBar used={a.used} credits={a.credits} remaining={a.remaining} />
        <p class="hint">
          The allowance resets at the start of each calendar month (UTC). Allowance clients, your web sessions and apps you connected spend it; when it runs out, credit-spending calls are refused with 402 allowance_exhausted.
        </p>
      </section>

      <section class="card" aria-labelledby="by-day-heading">
        <h2 id="by-day-heading">By day</h2>
        <MonthChart data={props.data} />
      </section>

      <section class="card" aria-labelledby="clients-heading">
        <h2 id="clients-heading">By client</h2>
        <ClientTable clients={props.data.clients} />
      </section>

      <MeteredSettings data={props.data} csrf={props.user.csrf} isOwner={props.isOwner} errors={props.errors ?? {}} />
      {props.modelUsage ? <ModelUsage rows={props.modelUsage.rows} days={props.modelUsage.days} /> : ""}
    </Layout>
  );
}
