// The state of one external sign-in attempt, carried from the start redirect to the callback in a
// cookie sealed with AES-GCM under the server key: the browser holds it but can neither read the
// PKCE verifier nor change `next` or the session binding. Nothing is stored server-side.
import { generateCodeVerifier, generateState } from "arctic";
import { MINUTE } from "../../lib/clock.ts";
import { open, seal } from "../../lib/sealed-box.ts";
import { constantTimeEqual } from "../../lib/secrets.ts";
import { isProviderId, type ProviderId } from "./identity.ts";
import type { Attempt } from "./providers.ts";

export const STATE_LIFETIME_MS = 10 * MINUTE;
// The AES-GCM additional data: a box sealed for anything else (a webhook secret, say) never opens as this.
const CONTEXT = "parla:external-signin-state:v1";

export interface SignInState extends Attempt {
  provider: ProviderId;
  /** Same-site path to land on afterwards (already passed through safeNextPath). */
  next: string;
  /** "connect": add the identity to the signed-in user whose session hash is bound here. */
  mode: "signin" | "connect";
  sessionHash: string | null;
  expiresAt: number;
}

export function newSignInState(input: { provider: ProviderId; next: string; mode: "signin" | "connect"; sessionHash: string | null; nowMs: number }): SignInState {
  return {
    provider: input.provider,
    next: input.next,
    mode: input.mode,
    sessionHash: input.sessionHash,
    // RFC 6749 §10.12 (state against CSRF), RFC 7636 (PKCE), OIDC Core §3.1.2.1 (nonce against replay).
    state: generateState(),
    codeVerifier: generateCodeVerifier(),
    nonce: generateState(),
    expiresAt: input.nowMs + STATE_LIFETIME_MS,
  };
}

export function sealSignInState(key: Uint8Array, state: SignInState): Promise<string> {
  return seal(key, JSON.stringify(state), CONTEXT);
}

function isSignInState(value: unknown): value is SignInState {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isProviderId(v.provider) &&
    typeof v.state === "string" &&
    typeof v.codeVerifier === "string" &&
    typeof v.nonce === "string" &&
    typeof v.next === "string" &&
    (v.mode === "signin" || v.mode === "connect") &&
    (v.sessionHash === null || typeof v.sessionHash === "string") &&
    typeof v.expiresAt === "number"
  );
}

export type OpenStateResult = { ok: true; state: SignInState } | { ok: false; reason: "state_missing" | "state_expired" | "state_mismatch" };

/**
 * The attempt for this callback, checked: the cookie opens under our key, is for this provider, has
 * not expired (our clock, not the browser's Max-Age), and its `state` equals the returned one in
 * constant time (RFC 6749 §10.12).
 */
export async function openSignInState(key: Uint8Array, sealed: string | null, input: { provider: ProviderId; returnedState: unknown; nowMs: number }): Promise<OpenStateResult> {
  if (!sealed) return { ok: false, reason: "state_missing" };
  const text = await open(key, sealed, CONTEXT);
  if (text === null) return { ok: false, reason: "state_missing" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: "state_missing" };
  }
  if (!isSignInState(parsed)) return { ok: false, reason: "state_missing" };
  if (parsed.expiresAt <= input.nowMs) return { ok: false, reason: "state_expired" };
  if (parsed.provider !== input.provider) return { ok: false, reason: "state_mismatch" };
  if (typeof input.returnedState !== "string" || !constantTimeEqual(parsed.state, input.returnedState)) return { ok: false, reason: "state_mismatch" };
  return { ok: true, state: parsed };
}
