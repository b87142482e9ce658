// The usage export (spec 5.6.3): one CSV row per day, client, budget and operation, so an
// operator can bill metered usage through any payment provider. RFC 4180 quoting; cells that a
// spreadsheet would run as a formula are prefixed with an apostrophe (OWASP "CSV injection").
import type { Store } from "../store/open-store.ts";
import type { PendingLedger } from "./pending-ledger.ts";
import { CREDIT_WEIGHTS, isOperation } from "./credits.ts";
import { clientNames, dailyRows } from "./account-usage.ts";

export const CSV_HEADER = ["day", "client_id", "client_name", "billing", "operation", "calls", "credits", "credits_per_call"] as const;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: (string | number)[]): string {
  return cells.map(csvCell).join(",") + "\r\n";
}

/** The whole month for one account as CSV text (header first, then rows in day order). */
export async function usageCsv(deps: { store: Pick<Store, "db">; ledger: Pick<PendingLedger, "flush"> }, accountId: string, month: string): Promise<string> {
  await deps.ledger.flush();
  const { db } = deps.store;
  const rows = await dailyRows(db, accountId, month);
  const names = await clientNames(db, rows.map((r) => r.clientId));
  let out = csvLine([...CSV_HEADER]);
  for (const r of rows) {
    const weight = isOperation(r.operation) ? CREDIT_WEIGHTS[r.operation] : "";
    out += csvLine([r.day, r.clientId, names.get(r.clientId) ?? "", r.budget, r.operation, r.calls, r.credits, weight]);
  }
  return out;
}
