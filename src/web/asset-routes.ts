import { Elysia } from "elysia";
import { assetResponse } from "./assets.ts";

export function assetRoutes() {
  return new Elysia({ name: "assets" })
    .get("/assets/parla.css", ({ request }) => assetResponse("/assets/parla.css", request), { detail: { hide: true } })
    .get("/assets/parla.js", ({ request }) => assetResponse("/assets/parla.js", request), { detail: { hide: true } })
    .get("/favicon.svg", ({ request }) => assetResponse("/favicon.svg", request), { detail: { hide: true } })
    .get("/favicon.ico", ({ request }) => assetResponse("/favicon.ico", request), { detail: { hide: true } });
}
