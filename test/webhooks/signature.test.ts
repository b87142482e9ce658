import { expect, test } from "bun:test";
import { Webhook } from "standardwebhooks";
import vectors from "../fixtures/webhook-signatures.json";
import { newSigningSecret, signEntry, signingKey } from "../../src/webhooks/signature.ts";

test("Standard Webhooks vectors through Parla's signer", () => {
  expect(vectors.valid.length).toBeGreaterThan(0);
  for (const v of vectors.valid) {
    const parla = "parla_whsec_" + v.secret.slice("whsec_".length);
    expect([v.name, signEntry(signingKey(parla), v.msg_id, v.timestamp, v.body)]).toEqual([v.name, v.signature]);
  }
});

test("a new secret is base64 of 32 bytes that standardwebhooks accepts", () => {
  const secret = newSigningSecret();
  expect(secret).toMatch(/^parla_whsec_[A-Za-z0-9+/]{43}=$/);
  expect(signingKey(secret).length).toBe(32);
  const body = '{"a":1}';
  const ts = Math.floor(Date.now() / 1000);
  const headers = { "webhook-id": "parla_evt_x", "webhook-timestamp": String(ts), "webhook-signature": signEntry(signingKey(secret), "parla_evt_x", ts, body) };
  expect(new Webhook(secret.slice("parla_whsec_".length)).verify(body, headers)).toEqual({ a: 1 });
});

test("rotation: two live secrets give the vector's two entries; invalid vectors do not match", () => {
  const byName = Object.fromEntries(vectors.valid.map((v) => [v.name, v]));
  const n = byName.envelope_new_secret!;
  const o = byName.envelope_old_secret!;
  const header = [n, o].map((v) => signEntry(signingKey(v.secret), v.msg_id, v.timestamp, v.body)).join(" ");
  expect(header).toBe(vectors.rotation.header);
  for (const v of vectors.invalid) expect([v.name, signEntry(signingKey(v.secret), v.msg_id, v.timestamp, v.body) === v.signature]).toEqual([v.name, false]);
});
