// What a delivery needs, from the configuration: the address guard (opened only by
// PARLA_WEBHOOK_ALLOW_NETWORKS), the extra CA (PARLA_WEBHOOK_CA_FILE), the 10 s answer time (spec 8).
import { readFileSync } from "node:fs";
import type { Config } from "../config/config.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Store } from "../store/open-store.ts";
import { createAddressGuard, type Resolver } from "./address-guard.ts";
import type { DisabledNotifier, WebhookDeps } from "./deliver.ts";

export interface WebhookPorts {
  /** Spec 3.2: the owner is e-mailed when an endpoint is disabled. */
  notifyEndpointDisabled?: DisabledNotifier;
  webhookResolver?: Resolver;
  webhookTimeoutMs?: number;
}

export const WEBHOOK_TIMEOUT_MS = 10_000;

export function createWebhookDeps(base: { config: Config; store: Store; clock: Clock; log: Logger; serverKey: Uint8Array; version: string }, ports: WebhookPorts = {}): WebhookDeps {
  const { config, log } = base;
  return {
    store: base.store,
    clock: base.clock,
    log,
    serverKey: base.serverKey,
    guard: createAddressGuard({ allowNetworks: config.webhookAllowNetworks, resolver: ports.webhookResolver }),
    ca: config.webhookCaFile ? readFileSync(config.webhookCaFile, "utf8") : null,
    userAgent: `Parla-Webhooks/${base.version}`,
    timeoutMs: ports.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    // The server's composition root mails the owner; a one-shot command (tests, redeliveries: they
    // never disable) only logs.
    notifyDisabled:
      ports.notifyEndpointDisabled ??
      (async (notice) => log.warn("webhook.disabled_notice", { account_id: notice.accountId, endpoint_id: notice.endpointId, url: notice.url, reason: notice.reason })),
  };
}
