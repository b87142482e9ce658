// The web app's only assets, embedded in the binary: one stylesheet and one small script
// (copy buttons, confirmations, a lesson's sets appearing live). Pages work without the script.
import css from "./assets/parla.css" with { type: "text" };
import { BROWSER_SCRIPT as js } from "./assets/browser-script.ts";

const ETAG = `"${Bun.hash(css + js).toString(36)}"`;

export const ASSETS: Record<string, { body: string; type: string }> = {
  "/assets/parla.css": { body: css, type: "text/css; charset=utf-8" },
  "/assets/parla.js": { body: js, type: "text/javascript; charset=utf-8" },
};

export function assetResponse(path: string, request: Request): Response | null {
  const asset = ASSETS[path];
  if (!asset) return null;
  if (request.headers.get("if-none-match") === ETAG) return new Response(null, { status: 304, headers: { etag: ETAG } });
  return new Response(asset.body, { headers: { "content-type": asset.type, etag: ETAG, "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" } });
}
