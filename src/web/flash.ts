// One-shot messages carried across a redirect in a short-lived cookie (PRG pattern).
import type { Flash } from "./layout.tsx";
import { readCookie, type CookieNames } from "./cookies.ts";

const NAME = "parla_flash";

export function flashCookie(names: CookieNames, flash: Flash): string {
  const value = encodeURIComponent(JSON.stringify(flash));
  return `${NAME}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60${names.secure ? "; Secure" : ""}`;
}

export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const raw = readCookie(request, NAME);
  if (!raw) return { flash: null, clear: null };
  try {
    const parsed = JSON.parse(raw) as Flash;
    if ((parsed.kind === "ok" || parsed.kind === "error") && typeof parsed.text === "string") return { flash: { kind: parsed.kind, text: parsed.text.slice(0, 500) }, clear: `${NAME}=; Path=/; Max-Age=0` };
  } catch {}
  return { flash: null, clear: `${NAME}=; Path=/; Max-Age=0` };
}
