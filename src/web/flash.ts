// One-shot messages carried across a redirect in a short-lived cookie (PRG pattern).
import type { Flash } from "./layout.tsx";
import { clearCookie, readCookie, setCookie, type CookieNames } from "./cookies.ts";

const NAME = "parla_flash";

export function flashCookie(names: CookieNames, flash: Flash): string {
  return setCookie(names, NAME, JSON.stringify(flash), 60);
}

export function readFlash(request: Request, names: CookieNames): { flash: Flash | null; clear: string | null } {
  const raw = readCookie(request, NAME);
  if (!raw) return { flash: null, clear: null };
  try {
    const parsed = JSON.parse(raw) as Flash;
    if ((parsed.kind === "ok" || parsed.kind === "error") && typeof parsed.text === "string") return { flash: { kind: parsed.kind, text: parsed.text.slice(0, 500) }, clear: clearCookie(names, NAME) };
  } catch {}
  return { flash: null, clear: clearCookie(names, NAME) };
}
