// ID token claim rules (OIDC Core 1.0 §3.1.3.7) of src/accounts/external-signin/id-token-claims.ts, on
// hand-made tokens: issuer, audience/azp, expiry, issued-at window, nonce, subject, email_verified.
import { describe, expect, test } from "bun:test";
import { checkIdTokenClaims } from "../../src/accounts/external-signin/id-token-claims.ts";
import { unsignedJwt as jwt } from "../helpers/oidc-test-provider.ts";

describe("ID token claims", () => {
  const now = Date.UTC(2026, 10, 2, 9, 0, 0);
  const nowS = now / 1000;
  const good = { iss: "https://id.example", aud: "cid", sub: "s-1", iat: nowS - 5, exp: nowS + 300, nonce: "n-1", email: "a@example.test", email_verified: true };
  const expected = { issuers: ["https://id.example"], clientId: "cid", nonce: "n-1", nowMs: now };

  test("a good token gives its subject and verified e-mail", () => {
    expect(checkIdTokenClaims(jwt(good), expected)).toEqual({ ok: true, claims: { subject: "s-1", email: "a@example.test", emailVerified: true } });
  });

  const bad: [string, Record<string, unknown>][] = [
    ["another issuer", { iss: "https://id.example/" }],
    ["another audience", { aud: "other" }],
    ["several audiences without azp", { aud: ["cid", "other"] }],
    ["several audiences, azp not us", { aud: ["cid", "other"], azp: "other" }],
    ["expired", { exp: nowS - 120 }],
    ["issued in the future", { iat: nowS + 600 }],
    ["issued too long ago", { iat: nowS - 3600 }],
    ["another nonce", { nonce: "n-2" }],
    ["no nonce", { nonce: undefined }],
    ["no sub", { sub: undefined }],
  ];
  for (const [name, change] of bad) {
    test(`refused: ${name}`, () => {
      expect(checkIdTokenClaims(jwt({ ...good, ...change }), expected).ok).toBe(false);
    });
  }

  test("several audiences with azp = us are accepted; email_verified must be the boolean true", () => {
    expect(checkIdTokenClaims(jwt({ ...good, aud: ["cid", "other"], azp: "cid" }), expected).ok).toBe(true);
    const stringly = checkIdTokenClaims(jwt({ ...good, email_verified: "true" }), expected);
    expect(stringly).toMatchObject({ ok: true, claims: { emailVerified: false } });
    expect(checkIdTokenClaims("not.a-jwt", expected).ok).toBe(false);
  });
});
