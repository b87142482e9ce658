// Credit leases (src/billing/credit-leases.ts): credit-spending calls are answered from a lease the
// store granted this process and written behind, and still never overspend — also against a second
// process's leases, a crashed process's, a lowered limit or a month that turns. Two "processes" are
// two stores opened on the same file: each has its own pending ledger and lessee id.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { LEASE_MAX_CREDITS, leaseSize } from "../../src/billing/credit-leases.ts";
import type { Operation } from "../../src/billing/credits.ts";
import { setMeteredActive, setMeteredClientLimit } from "../../src/billing/metered-settings.ts";
import type { Payer } from "../../src/billing/payer.ts";
import { SETTINGS_TTL_MS } from "../../src/billing/payer-settings.ts";
import { FLUSH_MS, LEASE_TTL_MS, PendingLedger } from "../../src/billing/pending-ledger.ts";
import { spendLeases } from "../../src/billing/schema.ts";
import { createLedger, holderKey, refund, spentSoFar, type LedgerDeps } from "../../src/billing/service.ts";
import type { ThresholdCrossing } from "../../src/billing/thresholds.ts";
import { chargeOutcome } from "./charge-outcome.ts";
import { createClient } from "../../src/clients/service.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createAdjustableClock, type AdjustableClock } from "../../src/lib/clock.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { TEST_START } from "../helpers/test-app.ts";

const MONTH = "2026-11";
let dir: ReturnType<typeof tempDir>;
let url: string;
let clock: AdjustableClock;
let stores: Store[];
let accountId: string;
let clientId: string;

/** A process's view: its own store handle on the shared file, sharing the test's clock. */
function processOn(allowance = 1_000_000, seen: ThresholdCrossing[] = []): LedgerDeps & { store: Store } {
  const store = openStore(url);
  stores.push(store);
  return { store, clock, config: loadConfig({ PARLA_DATABASE_URL: url }, { freeAllowanceCredits: allowance }), ledger: createLedger({ store, clock, onUsageThreshold: async (_tx, c) => void seen.push(c) }) };
}

beforeEach(async () => {
  dir = tempDir();
  url = `file:${join(dir.path, "leases.db")}`;
  clock = createAdjustableClock(TEST_START);
  stores = [];
  const setup = openStore(url);
  await migrate(setup.client, TEST_START);
  const user = await createUser(setup.db, TEST_START, { email: "owner@example.com", password: null });
  const client = await createClient(setup.db, TEST_START, { accountId: user.accountId, name: "Game", type: "confidential", scopes: ["vocab:generate"], billingMode: "metered", redirectUris: [] });
  await setMeteredActive({ store: setup }, TEST_START, user.accountId, { kind: "operator" }, true, null);
  accountId = user.accountId;
  clientId = client.client.id;
  setup.close();
});

afterEach(() => {
  for (const s of stores) if (!s.client.closed) s.close();
  dir.cleanup();
});

const allowancePayer = (): Payer => ({ budget: "allowance", accountId, clientId });
const meteredPayer = (): Payer => ({ budget: "metered", accountId, clientId });

async function charge(deps: LedgerDeps, payer: Payer, operation: Operation = "vocab.generate") {
  return chargeOutcome(deps, payer, operation);
}

async function okCount(deps: LedgerDeps, payer: Payer, n: number, operation: Operation = "vocab.generate") {
  let ok = 0;
  for (let i = 0; i < n; i++) if ((await charge(deps, payer, operation)).ok) ok++;
  return ok;
}

const leaseRows = (deps: LedgerDeps) => deps.store.db.select().from(spendLeases);
const stored = (deps: LedgerDeps, holder: string, month = MONTH) => spentSoFar(deps.store.db, holder, month);

describe("one process", () => {
  test("after one exact spend, calls are spent from the lease and written by the next flush", async () => {
    const a = processOn(1_000);
    const holder = holderKey.allowance(accountId);
    expect((await charge(a, allowancePayer())).ok).toBe(true); // exact: 3 spent, a lease granted
    expect(await stored(a, holder)).toBe(3);
    const [lease] = await leaseRows(a);
    expect(lease!.credits).toBe(leaseSize(1_000, 3, 0, null)); // a quarter of what is left: 249
    for (let i = 0; i < 10; i++) expect((await charge(a, allowancePayer())).ok).toBe(true);
    expect(await stored(a, holder)).toBe(3); // nothing written per call
    await a.ledger.flush();
    expect(await stored(a, holder)).toBe(33);
    expect((await leaseRows(a))[0]!.credits).toBe(249 - 30); // the spent credits left the lease row
  });

  test("50 calls against 10 calls' worth, one after another or all at once: exactly 10 succeed", async () => {
    const a = processOn(30);
    expect(await okCount(a, allowancePayer(), 50)).toBe(10);
    await setMeteredClientLimit(a, clock.now(), accountId, { kind: "operator" }, clientId, 30);
    const results = await Promise.all(Array.from({ length: 50 }, () => charge(a, meteredPayer())));
    expect(results.filter((r) => r.ok).length).toBe(10);
    await a.ledger.release();
    expect(await stored(a, holderKey.allowance(accountId))).toBe(30);
    expect(await stored(a, holderKey.clientMetered(clientId))).toBe(30);
    expect(await leaseRows(a)).toEqual([]);
  });

  test("a graceful stop writes the spending and gives every lease back", async () => {
    const a = processOn();
    expect(await okCount(a, allowancePayer(), 5)).toBe(5);
    expect((await leaseRows(a)).length).toBe(1);
    await a.ledger.release();
    expect(await leaseRows(a)).toEqual([]);
    expect(await stored(a, holderKey.allowance(accountId))).toBe(15);
  });

  test("an idle lease is released at the second flush; a used one is renewed", async () => {
    const a = processOn();
    await charge(a, allowancePayer());
    await charge(a, allowancePayer());
    await a.ledger.flush(); // used since the grant: renewed
    expect((await leaseRows(a))[0]!.expiresAt).toBe(TEST_START + LEASE_TTL_MS);
    await a.ledger.flush(); // not used since: released
    expect(await leaseRows(a)).toEqual([]);
    expect(await stored(a, holderKey.allowance(accountId))).toBe(6);
  });

  test("a lease skipped by a flush while an exact spend held it is still released by a later timer", async () => {
    const a = processOn();
    const ledger = new PendingLedger({ store: a.store, clock }, 5);
    const deps = { ...a, ledger };
    expect((await charge(deps, allowancePayer())).ok).toBe(true); // exact: a lease granted, the timer armed
    const state = ledger.holder(holderKey.allowance(accountId), MONTH)!;
    const { promise, resolve } = Promise.withResolvers<void>();
    state.busy = promise; // an exact spend on the holder, as when a call waits for other processes' leases
    await ledger.flush(); // the timer's flush lands meanwhile: nothing can be written
    state.busy = null;
    resolve();
    // The timer goes on: renewed once (used since the grant), then released (idle).
    for (let i = 0; i < 200 && (await leaseRows(a)).length > 0; i++) await Bun.sleep(10);
    expect(await leaseRows(a)).toEqual([]);
    expect(await stored(a, holderKey.allowance(accountId))).toBe(3);
  });

  test("a refund before the flush goes back into the lease; after it, to the store", async () => {
    const a = processOn();
    await charge(a, allowancePayer());
    const leased = await charge(a, allowancePayer());
    if (!leased.ok) throw leased.error;
    await refund(a, leased.receipt);
    await a.ledger.flush();
    expect(await stored(a, holderKey.allowance(accountId))).toBe(3);
    const later = await charge(a, allowancePayer());
    if (!later.ok) throw later.error;
    await a.ledger.flush();
    await refund(a, later.receipt);
    expect(await stored(a, holderKey.allowance(accountId))).toBe(3);
  });

  test("a lowered limit applies to the very next call, whatever the lease held", async () => {
    const a = processOn();
    expect(await okCount(a, meteredPayer(), 3)).toBe(3); // no limits: nothing to lease, all written behind
    await setMeteredClientLimit(a, clock.now(), accountId, { kind: "operator" }, clientId, 1_000);
    expect(await okCount(a, meteredPayer(), 2)).toBe(2); // a lease under 1,000
    await setMeteredClientLimit(a, clock.now(), accountId, { kind: "operator" }, clientId, 16);
    const refused = await charge(a, meteredPayer());
    expect(refused.ok ? null : refused.error.code).toBe("spend_cap_reached");
    await a.ledger.flush();
    expect(await stored(a, holderKey.clientMetered(clientId))).toBe(15);
  });

  test("usage billing switched off in this process refuses the next call; in another, within SETTINGS_TTL_MS", async () => {
    const a = processOn();
    const b = processOn();
    expect((await charge(a, meteredPayer(), "usage.read")).ok).toBe(true);
    await setMeteredActive(b, clock.now(), accountId, { kind: "operator" }, false);
    expect((await charge(b, meteredPayer(), "usage.read")).ok).toBe(false); // b changed it: at once
    expect((await charge(a, meteredPayer(), "usage.read")).ok).toBe(true); // a read it a moment ago
    clock.advance(SETTINGS_TTL_MS);
    const r = await charge(a, meteredPayer(), "usage.read");
    expect(r.ok ? null : r.error.code).toBe("metered_billing_inactive");
  });

  test("thresholds: a lease never reaches the next one, so each is reported by a charge, once, in order", async () => {
    const seen: ThresholdCrossing[] = [];
    const a = processOn(1_000_000, seen);
    await setMeteredClientLimit(a, clock.now(), accountId, { kind: "operator" }, clientId, 2_000);
    const percents: number[] = [];
    let ok = 0;
    for (let i = 0; i < 250; i++) {
      const r = await charge(a, meteredPayer(), "lesson_plan.create");
      if (!r.ok) break;
      ok++;
      percents.push(...r.receipt.thresholds.map((c) => c.percent));
    }
    expect(ok).toBe(200);
    expect(percents).toEqual([50, 75, 90, 100]);
    expect(seen.map((c) => [c.percent, c.usedCredits])).toEqual([
      [50, 1_000],
      [75, 1_500],
      [90, 1_800],
      [100, 2_000],
    ]);
  });

  test("the month turns: the new month is charged afresh, the old lease is released", async () => {
    const a = processOn(30);
    expect(await okCount(a, allowancePayer(), 20)).toBe(10);
    clock.set(Date.UTC(2026, 11, 1));
    expect(await okCount(a, allowancePayer(), 2)).toBe(2); // exact, then from December's lease of 6
    await a.ledger.flush();
    expect(await stored(a, holderKey.allowance(accountId), "2026-11")).toBe(30);
    expect(await stored(a, holderKey.allowance(accountId), "2026-12")).toBe(6);
    expect((await leaseRows(a)).map((r) => [r.month, r.credits])).toEqual([["2026-12", 3]]);
  });
});

describe("two processes", () => {
  test("another process's lease holds credits back until it is given back; nothing is overspent", async () => {
    const a = processOn(100);
    const b = processOn(100);
    expect(await okCount(a, allowancePayer(), 1)).toBe(1); // a: 3 spent and a lease of 24
    expect((await leaseRows(a))[0]!.credits).toBe(24);
    // b asks for 40 calls (120 credits). Without a's lease 73 credits are free: 24 calls. a's lease
    // is idle, so a's second flush releases it while b's last calls wait, and b gets 32 calls in all.
    const asked = Array.from({ length: 40 }, () => charge(b, allowancePayer()));
    await a.ledger.flush(); // renews a's lease (used since its grant)
    await a.ledger.flush(); // releases it (idle)
    const bOk = (await Promise.all(asked)).filter((r) => r.ok).length;
    expect(bOk).toBe(32);
    await a.ledger.release();
    await b.ledger.release();
    expect(await stored(a, holderKey.allowance(accountId))).toBe(99);
    expect(await leaseRows(a)).toEqual([]);
  });

  test("a crashed process's lease stops counting when it expires", async () => {
    const a = processOn(30);
    const b = processOn(30);
    expect(await okCount(a, allowancePayer(), 1)).toBe(1); // a: 3 spent, lease of 6
    a.store.close(); // a crash: its lease row stays, unrenewed
    // 30 − 3 − 6 = 21 → 7 calls; the 8th and 9th would need a's 6 credits.
    expect(await okCount(b, allowancePayer(), 7)).toBe(7);
    const blocked = await charge(b, allowancePayer());
    expect(blocked.ok ? null : blocked.error.code).toBe("allowance_exhausted");
    clock.advance(LEASE_TTL_MS);
    expect(await okCount(b, allowancePayer(), 5)).toBe(2);
    await b.ledger.release();
    expect(await stored(b, holderKey.allowance(accountId))).toBe(30);
  }, 15_000);
});

test("lease sizes: a quarter of what is left, at most LEASE_MAX_CREDITS, short of the next threshold", () => {
  expect(leaseSize(1_000_000, 0, 0, null)).toBe(LEASE_MAX_CREDITS);
  expect(leaseSize(100, 3, 0, null)).toBe(24);
  expect(leaseSize(100, 3, 24, null)).toBe(18);
  expect(leaseSize(100, 98, 0, null)).toBe(0);
  expect(leaseSize(100, 40, 0, 50)).toBe(9); // 40 + 9 = 49 < 50
  expect(leaseSize(100, 40, 9, 50)).toBe(0);
  expect(leaseSize(100, 50, 0, 50)).toBe(0); // reached and not yet reported: every call exact
  expect(FLUSH_MS).toBeLessThan(LEASE_TTL_MS); // renewed long before it expires
});
