// What the person sees when an external sign-in does not work, and the HTTP status of that page.
// The reason code (not the text) is what goes to the log.
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

export function failureMessage(reason: FailureReason, label: string): string {
  switch (reason) {
    case "provider_denied":
      return `${label} did not sign you in: access was denied or cancelled there. You can try again or use your password.`;
    case "provider_error":
    case "missing_code":
      return `${label} ended the sign-in with an error. Please try again.`;
    case "state_missing":
      return "This sign-in attempt is unknown here: it expired or was started in another browser. Please start again.";
    case "state_expired":
      return "This sign-in attempt took longer than 10 minutes and expired. Please start again.";
    case "state_mismatch":
      return "This answer does not belong to the sign-in you started, so it was refused. Please start again.";
    case "provider_unavailable":
      return `${label} could not be reached. Please try again later.`;
    case "token_exchange_failed":
      return `${label} did not confirm the sign-in. Please start again.`;
    case "discovery_failed":
    case "issuer_mismatch":
    case "bad_id_token":
    case "bad_profile":
      return `${label} answered in a way Parla cannot trust, so you were not signed in. If this keeps happening, tell the operator of this server.`;
    case "email_missing":
      return `${label} did not share an e-mail address, so no Parla account can be created for you.`;
    case "email_unverified":
      return `${label} has not verified your e-mail address, so Parla cannot create an account with it. Verify the address at ${label}, then try again.`;
    case "email_taken":
      return `An account with this e-mail address already exists. Sign in with your password, then connect ${label} on your Account page.`;
    case "identity_in_use":
      return `This ${label} account is already connected to another Parla account.`;
    case "provider_already_connected":
      return `Your account is already connected to a different ${label} account. Remove that connection first.`;
    case "session_changed":
      return "You signed out, or in as someone else, while connecting. Please start again.";
    case "rate_limited":
      return "Too many sign-in attempts. Try again in a minute.";
    case "unexpected":
      return "Sign-in could not be completed. Please try again.";
  }
}

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
