// A global onRequest hook registered as what it is: synchronous, and answering when it returns a
// Response. Elysia guesses both from the hook's source text (a `return f(` or `=> f(` anywhere reads
// as async), and one hook it takes for async makes it await every hook and compile every route's
// handler as an async function: each request then answers with a Promise Bun must wait a turn for,
// even /healthz. Elysia's hook container (its exported HookContainer type) states both instead of
// the guess. Measured with wrk on /healthz (per server CPU-second against raw Bun.serve, with
// server.ts answering synchronously too): 0.56 → 0.63.
import type { HookContainer } from "elysia/types";

export interface RequestHookContext {
  request: Request;
  set: { headers: Record<string, string | number> };
}

/** For `app.on("request", requestHook(fn))`; `fn` answers with a Response or lets the request through. */
export function requestHook(fn: (context: RequestHookContext) => Response | undefined): never {
  const container: HookContainer = { fn, isAsync: false, hasReturn: true };
  // `on` is typed for bare functions; at run time it takes a container as it stores them.
  return container as never;
}
