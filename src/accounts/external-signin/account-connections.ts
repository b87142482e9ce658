// The rows of the Account page's "Sign-in methods" section: every configured provider (connect or
// remove) plus any connection to a provider the operator has since switched off (remove only).
import type { Config } from "../../config/config.ts";
import type { DbOrTx } from "../../store/open-store.ts";
import { PROVIDER_IDS, type ProviderId } from "./identity.ts";
import { listConnections } from "./link-identity.ts";
import { configuredProviders } from "./providers.ts";

export interface ConnectionRow {
  id: ProviderId;
  label: string;
  configured: boolean;
  connectedAt: number | null;
}

const FALLBACK_LABELS: Record<ProviderId, string> = { oidc: "Single sign-on", github: "GitHub", google: "Google" };

export async function accountConnections(config: Config, db: DbOrTx, userId: string): Promise<ConnectionRow[]> {
  const configured = configuredProviders(config);
  const connections = await listConnections(db, userId);
  const rows: ConnectionRow[] = [];
  for (const id of PROVIDER_IDS) {
    const summary = configured.find((p) => p.id === id);
    const connection = connections.find((c) => c.provider === id);
    if (!summary && !connection) continue;
    rows.push({ id, label: summary?.label ?? FALLBACK_LABELS[id], configured: summary !== undefined, connectedAt: connection?.createdAt ?? null });
  }
  return rows;
}
