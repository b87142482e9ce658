// GitHub is OAuth 2.0 without OpenID Connect: no ID token, so the person is read from its REST API.
// The subject is the numeric user id (a login can be renamed and then taken by someone else); the
// e-mail is the primary address GitHub marks verified (GET /user/emails), never the public profile one.
import type { IdentifyResult } from "./identity.ts";
import { fetchJson } from "./provider-fetch.ts";

const API_HEADERS = { accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28", "user-agent": "Parla" };

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

function isEmailList(body: unknown): body is GitHubEmail[] {
  return Array.isArray(body) && body.every((e) => typeof e === "object" && e !== null && typeof e.email === "string" && typeof e.primary === "boolean" && typeof e.verified === "boolean");
}

/** The primary e-mail if GitHub verified it, else null (an unverified primary is not good enough). */
export function primaryVerifiedEmail(emails: GitHubEmail[]): string | null {
  const primary = emails.find((e) => e.primary);
  return primary && primary.verified ? primary.email : null;
}

export async function githubIdentity(apiBase: string, accessToken: string): Promise<IdentifyResult> {
  const headers = { ...API_HEADERS, authorization: `Bearer ${accessToken}` };
  const user = await fetchJson(`${apiBase}/user`, headers);
  if (!user.ok) return { ok: false, reason: user.reason === "unreachable" ? "provider_unavailable" : "bad_profile" };
  const id = (user.body as { id?: unknown } | null)?.id;
  if (user.status !== 200 || typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return { ok: false, reason: "bad_profile" };
  // Needs the user:email scope; without it GitHub answers 404/403 and the person simply has no verified e-mail.
  const emails = await fetchJson(`${apiBase}/user/emails`, headers);
  if (!emails.ok && emails.reason === "unreachable") return { ok: false, reason: "provider_unavailable" };
  const email = emails.ok && emails.status === 200 && isEmailList(emails.body) ? primaryVerifiedEmail(emails.body) : null;
  return { ok: true, identity: { provider: "github", subject: String(id), email, emailVerified: email !== null } };
}
