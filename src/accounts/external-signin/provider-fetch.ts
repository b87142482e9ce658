// Outgoing calls to a sign-in provider: bounded in time (a provider that hangs must not hang the
// sign-in page) and answering a result instead of throwing.

export const PROVIDER_TIMEOUT_MS = 10_000;

export type FetchJsonResult = { ok: true; status: number; body: unknown } | { ok: false; reason: "unreachable" | "not_json"; status: number | null };

/** GETs a JSON document. Non-2xx answers are returned with their status; redirects are not followed. */
export async function fetchJson(url: string, headers: Record<string, string> = {}, timeoutMs = PROVIDER_TIMEOUT_MS): Promise<FetchJsonResult> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json", ...headers }, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return { ok: false, reason: "unreachable", status: null };
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    return { ok: false, reason: "unreachable", status: response.status };
  }
  try {
    return { ok: true, status: response.status, body: await response.json() };
  } catch {
    return { ok: false, reason: "not_json", status: response.status };
  }
}

/** Races a promise (arctic's token request, which takes no signal) against a timeout. */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs = PROVIDER_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderTimeoutError()), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class ProviderTimeoutError extends Error {
  constructor() {
    super("the sign-in provider did not answer in time");
  }
}
