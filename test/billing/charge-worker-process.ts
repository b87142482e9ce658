// Child process for the two-process ledger test: opens the same store file and makes N charges at
// once for one payer, then prints how many succeeded and why the others were refused.
import { loadConfig } from "../../src/config/config.ts";
import { createAdjustableClock } from "../../src/lib/clock.ts";
import { isOperation } from "../../src/billing/credits.ts";
import type { Payer } from "../../src/billing/payer.ts";
import { createLedger } from "../../src/billing/service.ts";
import { chargeOutcome } from "./charge-outcome.ts";
import { openStore } from "../../src/store/open-store.ts";

const [url, payerJson, operation, count, allowance, nowMs] = process.argv.slice(2) as [string, string, string, string, string, string];
if (!isOperation(operation)) throw new Error(`unknown operation ${operation}`);
const store = openStore(url);
const config = loadConfig({ PARLA_DATABASE_URL: url }, { freeAllowanceCredits: Number(allowance) });
const clock = createAdjustableClock(Number(nowMs));
const deps = { store, config, clock, ledger: createLedger({ store, clock }) };
const payer = JSON.parse(payerJson) as Payer;
const results = await Promise.all(Array.from({ length: Number(count) }, () => chargeOutcome(deps, payer, operation)));
const refused: Record<string, number> = {};
for (const r of results) if (!r.ok) refused[r.error.code] = (refused[r.error.code] ?? 0) + 1;
await deps.ledger.release(); // what a graceful stop does: write the call counts
store.close();
process.stdout.write(JSON.stringify({ ok: results.filter((r) => r.ok).length, refused }) + "\n");
