// What the person reads when an external sign-in does not work, in their language. The reason
// code (accounts/external-signin/failure-messages.ts) is what goes to the log and sets the status.
import type { FailureReason } from "../accounts/external-signin/failure-messages.ts";
import type { UiText } from "./ui-text/index.ts";

export function failureText(t: UiText, reason: FailureReason, label: string): string {
  const s = t.signin;
  switch (reason) {
    case "provider_denied":
      return s.denied(label);
    case "provider_error":
    case "missing_code":
      return s.providerError(label);
    case "state_missing":
      return s.stateMissing;
    case "state_expired":
      return s.stateExpired;
    case "state_mismatch":
      return s.stateMismatch;
    case "provider_unavailable":
      return s.unavailable(label);
    case "token_exchange_failed":
      return s.notConfirmed(label);
    case "discovery_failed":
    case "issuer_mismatch":
    case "bad_id_token":
    case "bad_profile":
      return s.untrusted(label);
    case "email_missing":
      return s.emailMissing(label);
    case "email_unverified":
      return s.emailUnverified(label);
    case "email_taken":
      return s.emailTaken(label);
    case "identity_in_use":
      return s.identityInUse(label);
    case "provider_already_connected":
      return s.alreadyConnected(label);
    case "session_changed":
      return s.sessionChanged;
    case "rate_limited":
      return s.rateLimited;
    case "unexpected":
      return s.unexpected;
  }
}
