// Why an external sign-in did not work, and the HTTP status of the page that says so (its words,
// in the learner's language, are src/web/signin-failure-text.ts). The reason code goes to the log.
import type { ProviderFailure } from "./identity.ts";
import type { ConnectOutcome, SignInOutcome } from "./link-identity.ts";
import type { OpenStateResult } from "./signin-state.ts";

type Refusal<T> = T extends { ok: false; reason: infer R } ? R : never;

export type FailureReason =
  | ProviderFailure
  | Refusal<OpenStateResult>
  | Refusal<SignInOutcome>
  | Refusal<ConnectOutcome>
  | "provider_denied" // the provider answered error=access_denied (RFC 6749 §4.1.2.1): the person said no
  | "provider_error" // any other error answer from the authorization endpoint
  | "missing_code"
  | "session_changed" // connect: the browser is no longer signed in as the user who started
  | "rate_limited"
  | "unexpected";

export function failureStatus(reason: FailureReason): number {
  switch (reason) {
    case "provider_unavailable":
    case "discovery_failed":
    case "issuer_mismatch":
    case "token_exchange_failed":
    case "bad_id_token":
    case "bad_profile":
    case "unexpected":
      return 502; // the upstream provider failed us; never a 500
    case "email_missing":
    case "email_unverified":
    case "email_taken":
    case "identity_in_use":
    case "provider_already_connected":
      return 403;
    case "rate_limited":
      return 429;
    default:
      return 400;
  }
}
