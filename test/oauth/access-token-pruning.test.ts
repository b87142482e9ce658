// Expired access tokens are pruned by recurring housekeeping a day after they expire: until then a
// call with one hears that it expired (spec 7), after that it is unknown, and the table does not
// grow with every exchange.
import { afterEach, expect, test } from "bun:test";
import { DAY, HOUR, MINUTE } from "../../src/lib/clock.ts";
import { pruneExpiredAccessTokens } from "../../src/oauth/token-store.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { basic, exchange, ownerWithClient } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

const usage = (token: string) => t.request("GET", "/v1/usage", { headers: { authorization: `Bearer ${token}` } });
const message = async (res: Response) => ((await res.json()) as { error: string }).error;
const tokenRows = async () => Number((await t.deps.store.read("SELECT count(*) FROM access_tokens", []))[0]![0]);

test("housekeeping prunes access tokens a day after they expire, and no sooner", async () => {
  t = await createTestApp();
  const owner = await ownerWithClient(t);
  const auth = { authorization: basic(owner.client.id, owner.secret!) };
  const first = (await exchange(t, { grant_type: "client_credentials" }, auth)).body.access_token as string;
  t.clock.advance(2 * HOUR);
  const second = (await exchange(t, { grant_type: "client_credentials" }, auth)).body.access_token as string;
  await t.scheduler.drain();
  expect(await tokenRows()).toBe(2);
  expect(await message(await usage(first))).toContain("expired");

  // The first expired a day and an hour ago, the second 59 minutes less than a day ago.
  t.clock.advance(DAY - MINUTE);
  await t.scheduler.drain();
  expect(await tokenRows()).toBe(1);
  expect(await message(await usage(first))).toContain("unknown or was revoked");
  expect(await message(await usage(second))).toContain("expired");
  const third = (await exchange(t, { grant_type: "client_credentials" }, auth)).body.access_token as string;
  expect((await usage(third)).status).toBe(200);
});

test("pruning goes in batches until nothing expired before the cutoff is left", async () => {
  t = await createTestApp();
  const owner = await ownerWithClient(t);
  const auth = { authorization: basic(owner.client.id, owner.secret!) };
  for (let i = 0; i < 30; i++) {
    await exchange(t, { grant_type: "client_credentials" }, auth);
    t.clock.advance(MINUTE);
  }
  // Issued a minute apart from the start, each for an hour: by this cutoff the first 20 have expired.
  const cutoff = t.clock.now() + HOUR - 10 * MINUTE;
  expect(await pruneExpiredAccessTokens(t.deps.store.db, cutoff, 7)).toBe(20);
  expect(await tokenRows()).toBe(10);
  expect(await pruneExpiredAccessTokens(t.deps.store.db, cutoff, 7)).toBe(0);
});
