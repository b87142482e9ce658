// The web app's only assets, embedded in the binary: one stylesheet, one small script (copy
// buttons, confirmations, a lesson's sets appearing live, Listen) and the icon. Pages work
// without the script. The icon is an SVG, also answered at /favicon.ico, the address browsers
// ask for when a page names none (the content type says what it is).
import css from "./assets/parla.css" with { type: "text" };
import icon from "./assets/favicon.svg" with { type: "text" };
import { BROWSER_SCRIPT as js } from "./assets/browser-script.ts";

const ETAG = `"${Bun.hash(css + js + icon).toString(36)}"`;

export const ASSETS: Record<string, { body: string; type: string }> = {
  "/assets/parla.css": { body: css, type: "text/css; charset=utf-8" },
  "/assets/parla.js": { body: js, type: "text/javascript; charset=utf-8" },
  "/favicon.svg": { body: icon, type: "image/svg+xml" },
  "/favicon.ico": { body: icon, type: "image/svg+xml" },
};

export function assetResponse(path: string, request: Request): Response | null {
  const asset = ASSETS[path];
  if (!asset) return null;
  if (request.headers.get("if-none-match") === ETAG) return new Response(null, { status: 304, headers: { etag: ETAG } });
  return new Response(asset.body, { headers: { "content-type": asset.type, etag: ETAG, "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" } });
}
