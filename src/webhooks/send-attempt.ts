// One HTTP attempt (spec 6.4; DESIGN §6): a POST to the address the guard just checked — never a
// fresh lookup by fetch — with TLS SNI and Host kept as the URL's name, so a name that changes
// address after the check (DNS rebinding) cannot redirect the attempt. Redirects are not followed.
import { isIP } from "node:net";
import type { AddressGuard } from "./address-guard.ts";

export const RESPONSE_KEEP_BYTES = 2048;

export interface AttemptOutcome {
  status: number | null;
  durationMs: number;
  error: string | null;
  /** The first 2 KB of the answer. */
  response: string | null;
  /** A receiver's Retry-After, in ms. */
  retryAfterMs: number | null;
  /** A fault on Parla's side (its own network): never counts toward disabling (spec 3.2). */
  localFault: boolean;
}

export interface SendOptions {
  guard: AddressGuard;
  ca: string | null;
  timeoutMs: number;
  userAgent: string;
  /** Wall time for durations (the injectable clock may stand still in tests). */
  now?: () => number;
}

const LOCAL_FAULT_CODES = new Set(["ENETUNREACH", "ENETDOWN", "EAI_AGAIN", "ENOBUFS", "EMFILE"]);

function retryAfterMs(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : null;
}

async function readStart(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_KEEP_BYTES) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    if (size >= RESPONSE_KEEP_BYTES) await reader.cancel().catch(() => {});
    else reader.releaseLock();
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.length;
  }
  return new TextDecoder().decode(all.subarray(0, RESPONSE_KEEP_BYTES));
}

export async function sendAttempt(options: SendOptions, url: string, headers: Record<string, string>, body: string): Promise<AttemptOutcome> {
  const now = options.now ?? Date.now;
  const started = now();
  const checked = await options.guard.check(url);
  if (!checked.ok) return { status: null, durationMs: now() - started, error: `refused: ${checked.reason}`, response: null, retryAfterMs: null, localFault: checked.transient === true };
  const literal = isIP(checked.address) === 6 ? `[${checked.address}]` : checked.address;
  const nameIsIp = isIP(checked.hostname) !== 0;
  const hostHeader = checked.port === 443 ? checked.hostname : `${nameIsIp && isIP(checked.hostname) === 6 ? `[${checked.hostname}]` : checked.hostname}:${checked.port}`;
  try {
    const res = await fetch(`https://${literal}:${checked.port}${checked.path}`, {
      method: "POST",
      headers: { ...headers, host: hostHeader },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
      tls: { ...(nameIsIp ? {} : { serverName: checked.hostname }), ...(options.ca ? { ca: options.ca } : {}) },
    });
    const response = await readStart(res);
    const ok = res.status >= 200 && res.status < 300;
    const error = ok ? null : res.status >= 300 && res.status < 400 ? `redirect (${res.status}) not followed` : `HTTP ${res.status}`;
    return { status: res.status, durationMs: now() - started, error, response, retryAfterMs: retryAfterMs(res.headers.get("retry-after"), Date.now()), localFault: false };
  } catch (e) {
    const err = e as { name?: string; code?: string; message?: string };
    const timedOut = err.name === "TimeoutError" || err.name === "AbortError";
    const message = timedOut ? `no answer within ${Math.round(options.timeoutMs / 100) / 10} s` : `${err.code ?? err.name ?? "error"}: ${err.message ?? String(e)}`.slice(0, 500);
    return { status: null, durationMs: now() - started, error: message, response: null, retryAfterMs: null, localFault: !timedOut && LOCAL_FAULT_CODES.has(err.code ?? "") };
  }
}
