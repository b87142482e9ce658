// `parla admin webhook …` (DESIGN §5): endpoints, secrets, tests, deliveries and redelivery for
// operators. With --json each prints the documented object; a refusal prints {"code","error"}.
import pkg from "../../package.json";
import { systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { createDeliveryWorker } from "../webhooks/delivery-worker.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import { createEndpoint, createEndpointSecret, deleteEndpoint, enableEndpoint, findEndpoint, listEndpoints, revokeEndpointSecret } from "../webhooks/endpoints.ts";
import { listDeliveries, redeliver, sendTest } from "../webhooks/manual-deliveries.ts";
import { createWebhookDeps } from "../webhooks/webhook-deps.ts";
import type { Command, FlagValues } from "./command-line.ts";
import { fail, print, withStore, type CliContext } from "./cli-context.ts";

const json = { kind: "bool", help: "print one JSON object" } as const;
const endpointFlag = { kind: "string", required: true, help: "endpoint id (whe_…)" } as const;

/** A refusal (the service's AppError, or an endpoint not found here): with --json, `{code, error}` on stdout. */
function refuse(flags: FlagValues, r: Pick<AppError, "code" | "message">): number {
  if (flags.json) {
    process.stdout.write(JSON.stringify({ code: r.code, error: r.message }) + "\n");
    return 1;
  }
  return fail(r.message);
}

const noEndpoint = (flags: FlagValues) => ({ code: "not_found", message: `no endpoint ${flags.endpoint}` });

function webhookDeps(ctx: CliContext) {
  const deps = createWebhookDeps({ config: ctx.config, store: ctx.store, clock: systemClock, log: createLogger(ctx.config.logLevel === "debug" ? "debug" : "silent"), serverKey: ctx.serverKey, version: pkg.version });
  return { deps, sender: createDeliveryWorker(deps) };
}

export const webhookCommands: Command[] = [
  {
    path: ["admin", "webhook", "create"],
    summary: "Register a webhook endpoint for a client (the secret is shown once)",
    flags: { client: { kind: "string", required: true, help: "client id" }, url: { kind: "string", required: true, help: "https URL on port 443" }, events: { kind: "string", required: true, help: 'space-separated event types, e.g. "lesson_plan.ready"' }, json },
    run: ({ flags }) =>
      withStore(async (ctx) => {
        const { deps } = webhookDeps(ctx);
        const r = await refusalOr(createEndpoint({ db: ctx.store.db, serverKey: ctx.serverKey, guard: deps.guard }, systemClock.now(), null, { clientId: flags.client as string, url: flags.url as string, events: (flags.events as string).split(/[\s,]+/) }));
        if (r instanceof AppError) return refuse(flags, r);
        print(flags, { endpoint_id: r.endpoint.id, secret: r.secret, secret_id: r.secretId }, `endpoint ${r.endpoint.id}\nsigning secret ${r.secretId}: ${r.secret}  (shown once)`);
        return 0;
      }),
  },
  {
    path: ["admin", "webhook", "list"],
    summary: "List a client's webhook endpoints",
    flags: { client: { kind: "string", required: true, help: "client id" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const items = (await listEndpoints(store.db, { clientId: flags.client as string })).map((e) => ({ endpoint_id: e.id, url: e.url, events: e.events, state: e.state, secrets: e.secrets.map((s) => ({ secret_id: s.id, hint: s.hint })) }));
        print(flags, { items }, items.length ? items.map((i) => `${i.endpoint_id}  ${i.state.padEnd(8)}  ${i.url}  ${i.events.join(" ")}`).join("\n") : "no endpoints");
        return 0;
      }),
  },
  {
    path: ["admin", "webhook", "secret", "create"],
    summary: "Add a second signing secret to an endpoint (at most two live)",
    flags: { endpoint: endpointFlag, json },
    run: ({ flags }) =>
      withStore(async (ctx) => {
        const r = await refusalOr(createEndpointSecret({ db: ctx.store.db, serverKey: ctx.serverKey }, systemClock.now(), null, flags.endpoint as string));
        if (r instanceof AppError) return refuse(flags, r);
        print(flags, { secret_id: r.secretId, secret: r.secret }, `signing secret ${r.secretId}: ${r.secret}  (shown once)`);
        return 0;
      }),
  },
  {
    path: ["admin", "webhook", "secret", "revoke"],
    summary: "Revoke one of an endpoint's signing secrets (never the last)",
    flags: { endpoint: endpointFlag, secret: { kind: "string", required: true, help: "secret id (whs_…)" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const r = await refusalOr(revokeEndpointSecret(store.db, null, flags.endpoint as string, flags.secret as string));
        if (r instanceof AppError) return refuse(flags, r);
        print(flags, { endpoint_id: flags.endpoint, secret_id: flags.secret, revoked: true }, `revoked ${flags.secret}`);
        return 0;
      }),
  },
  {
    path: ["admin", "webhook", "test"],
    summary: "Send webhook.test to an endpoint: one attempt, even when disabled",
    flags: { endpoint: endpointFlag, json },
    run: ({ flags }) =>
      withStore(async (ctx) => {
        const { deps, sender } = webhookDeps(ctx);
        const deliveryId = await refusalOr(sendTest(deps, sender, null, flags.endpoint as string));
        if (deliveryId instanceof AppError) return refuse(flags, deliveryId);
        const [d] = (await listDeliveries(ctx.store.db, systemClock.now(), flags.endpoint as string)).filter((x) => x.id === deliveryId);
        print(flags, { delivery_id: deliveryId }, `test ${deliveryId}: ${describeAttempt(d?.attempts.at(-1))}`);
        return 0;
      }),
  },
  {
    path: ["admin", "webhook", "redeliver"],
    summary: "Send a delivery of the last 30 days again: same webhook-id, one attempt",
    flags: { delivery: { kind: "string", required: true, help: "delivery id (whd_…)" }, json },
    run: ({ flags }) =>
      withStore(async (ctx) => {
        const { deps, sender } = webhookDeps(ctx);
        const deliveryId = await refusalOr(redeliver(deps, sender, null, flags.delivery as string));
        if (deliveryId instanceof AppError) return refuse(flags, deliveryId);
        print(flags, { delivery_id: deliveryId }, `redelivery ${deliveryId} sent`);
        return 0;
      }),
  },
  {
    path: ["admin", "webhook", "deliveries"],
    summary: "An endpoint's deliveries of the last 30 days, with every attempt",
    flags: { endpoint: endpointFlag, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        if (!(await findEndpoint(store.db, null, flags.endpoint as string))) return refuse(flags, noEndpoint(flags));
        const items = (await listDeliveries(store.db, systemClock.now(), flags.endpoint as string, 200)).map((d) => ({
          delivery_id: d.id,
          event_id: d.eventId,
          type: d.type,
          kind: d.kind,
          state: d.state,
          attempts: d.attempts.map((a) => ({ at: new Date(a.at).toISOString(), status: a.status, duration_ms: a.durationMs, error: a.error })),
        }));
        print(flags, { items }, items.length ? items.map((d) => `${d.delivery_id}  ${d.type.padEnd(24)} ${d.state.padEnd(9)} ${d.attempts.length} attempt(s)`).join("\n") : "no deliveries");
        return 0;
      }),
  },
  {
    path: ["admin", "webhook", "enable"],
    summary: "Re-enable a disabled endpoint (what it missed stays listed for redelivery)",
    flags: { endpoint: endpointFlag, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        if (!(await enableEndpoint(store.db, null, flags.endpoint as string))) return refuse(flags, noEndpoint(flags));
        print(flags, { endpoint_id: flags.endpoint, state: "enabled" }, `endpoint ${flags.endpoint} is enabled`);
        return 0;
      }),
  },
  {
    path: ["admin", "webhook", "delete"],
    summary: "Delete an endpoint and its deliveries",
    flags: { endpoint: endpointFlag, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        if (!(await deleteEndpoint(store.db, null, flags.endpoint as string))) return refuse(flags, noEndpoint(flags));
        print(flags, { endpoint_id: flags.endpoint, deleted: true }, `endpoint ${flags.endpoint} deleted`);
        return 0;
      }),
  },
];

function describeAttempt(a: { status: number | null; durationMs: number; error: string | null } | undefined): string {
  if (!a) return "not sent";
  return `${a.status ?? "no answer"} in ${a.durationMs} ms${a.error ? ` (${a.error})` : ""}`;
}
