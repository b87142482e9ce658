// GET /metrics: off unless PARLA_METRICS_TOKEN is set; then only with `Authorization: Bearer <token>`,
// compared in constant time (SHA-256 of both sides, so the length does not leak either).
import { Elysia } from "elysia";
import type { Config } from "../config/config.ts";
import type { Metrics } from "./registry.ts";
import { rememberRoute } from "../http/request-context.ts";
import { constantTimeEqual, hashSecret } from "../lib/secrets.ts";

function tokenMatches(expected: string, header: string | null): boolean {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  const given = m?.[1] ?? "";
  return constantTimeEqual(hashSecret(given), hashSecret(expected)) && given.length > 0;
}

/** Records each matched route's template for the request metrics (server.ts labels by it). */
export function routeRecorder() {
  return new Elysia({ name: "route-recorder" }).onTransform({ as: "global" }, ({ request, route }) => {
    // The catch-all that answers 404 (http-base.ts) is no route: such requests stay "(unmatched)".
    if (route !== "*") rememberRoute(request, route);
  });
}

export function metricsRoutes(deps: { config: Pick<Config, "metricsToken">; metrics?: Metrics }) {
  const token = deps.config.metricsToken;
  const metrics = deps.metrics;
  return new Elysia({ name: "metrics" }).get(
    "/metrics",
    async ({ request }) => {
      if (!token || !metrics) return new Response("not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
      if (!tokenMatches(token, request.headers.get("authorization"))) {
        return new Response("a valid bearer token (PARLA_METRICS_TOKEN) is required\n", { status: 401, headers: { "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="parla-metrics"', "cache-control": "no-store" } });
      }
      return new Response(await metrics.render(), { headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" } });
    },
    { detail: { hide: true } },
  );
}
