// Some OpenID Providers put the e-mail claims only in the UserInfo response, not in the ID token
// (OIDC Core §5.4: scope-requested claims go to UserInfo when an access token is issued). The
// UserInfo `sub` must equal the ID token's, or the response is not about this person (§5.3.2).
import type { IdTokenClaims } from "./id-token-claims.ts";
import { fetchJson } from "./provider-fetch.ts";

export type UserinfoResult = { ok: true; claims: IdTokenClaims } | { ok: false; reason: "provider_unavailable" | "bad_id_token" };

export async function withUserinfoEmail(claims: IdTokenClaims, userinfoEndpoint: string | null, accessToken: string | null): Promise<UserinfoResult> {
  if (claims.email !== null || userinfoEndpoint === null || accessToken === null) return { ok: true, claims };
  const fetched = await fetchJson(userinfoEndpoint, { authorization: `Bearer ${accessToken}` });
  if (!fetched.ok) return { ok: false, reason: fetched.reason === "unreachable" ? "provider_unavailable" : "bad_id_token" };
  const body = fetched.body as Record<string, unknown> | null;
  if (fetched.status !== 200 || typeof body !== "object" || body === null) return { ok: true, claims };
  if (body.sub !== claims.subject) return { ok: false, reason: "bad_id_token" };
  return {
    ok: true,
    claims: { subject: claims.subject, email: typeof body.email === "string" ? body.email : null, emailVerified: typeof body.email === "string" && body.email_verified === true },
  };
}
