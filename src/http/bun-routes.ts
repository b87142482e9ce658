// The app's routes handed to Bun.serve's own router, as Elysia's `listen` does on Bun: a request
// that matches one reaches its compiled handler (the same one `app.handle` runs, with the same
// global hooks) without Elysia's dispatch — its URL split, path switch and router lookup. Bun
// answers HEAD for GET routes itself and decodes path parameters as Elysia's router does; anything
// it does not match (another method, a trailing slash, an unknown path) falls through to
// `app.handle`, which answers as before (404, 405 preflights, maintenance).
// Measured with wrk on the /v1 probe (doorway + one indexed read): 26.0k → 28.7k requests/s.
// Only Elysia's public surface: `app.routes` (its route list) and `createBunRouteHandler`, which
// the package exports as `elysia/adapter/bun/compose` (with its types) and its own Bun adapter uses.
import type { Elysia } from "elysia";
import { createBunRouteHandler } from "elysia/adapter/bun/compose";

type RouteHandler = (request: Request) => Response | Promise<Response>;
export type BunRoutes = Record<string, Partial<Record<BunMethod, RouteHandler>>>;

const BUN_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type BunMethod = (typeof BUN_METHODS)[number];

function isBunMethod(method: string): method is BunMethod {
  return (BUN_METHODS as readonly string[]).includes(method);
}

/**
 * Bun routes for every route of `app` that Bun's router can express (a plain method, no wildcard
 * or optional parameter), each wrapped by `wrap` (the server's per-request bookkeeping). Call it
 * once every route has been added: the handlers are compiled here.
 */
export function bunRoutesOf(app: Elysia<any, any, any, any, any, any, any>, wrap: (handler: RouteHandler) => RouteHandler): BunRoutes {
  const routes: BunRoutes = {};
  for (const route of app.routes) {
    if (typeof route.handler !== "function" || !isBunMethod(route.method)) continue;
    if (/[*?]/.test(route.path)) continue;
    const path = encodeURI(route.path);
    const methods = (routes[path] ??= {});
    // The first route registered for a path and method wins, as in Elysia's own router.
    methods[route.method] ??= wrap(createBunRouteHandler(app, route) as RouteHandler);
  }
  return routes;
}
