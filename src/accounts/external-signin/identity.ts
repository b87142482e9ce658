// The shapes shared by the external sign-in module: which providers exist, what a provider tells us
// about a person, and why a sign-in attempt failed (reason codes go to the log, never tokens).

export const PROVIDER_IDS = ["oidc", "github", "google"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && (PROVIDER_IDS as readonly string[]).includes(value);
}

/** What a provider asserted about the person who just signed in there. */
export interface ExternalIdentity {
  provider: ProviderId;
  /** The provider's stable, never-reassigned id for the person (OIDC `sub`, GitHub's numeric user id). */
  subject: string;
  email: string | null;
  /** True only when the provider says it checked that the person controls `email`. */
  emailVerified: boolean;
}

/** Why talking to the provider did not yield an identity. */
export type ProviderFailure =
  | "provider_unavailable" // network error, timeout, 5xx
  | "discovery_failed" // the issuer's metadata is missing or malformed
  | "issuer_mismatch" // metadata names another issuer (OIDC Discovery §4.3)
  | "token_exchange_failed" // the token endpoint refused the code
  | "bad_id_token" // an ID token claim failed OIDC Core §3.1.3.7
  | "bad_profile"; // GitHub's user API answered something unusable

export type IdentifyResult = { ok: true; identity: ExternalIdentity } | { ok: false; reason: ProviderFailure };
