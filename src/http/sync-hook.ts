// Global hooks registered as what they are: synchronous, and (for a hook before routing) answering
// when they return a Response. Elysia guesses both from the hook's source text — `return f(`,
// `=> f(` or `=>{if(` anywhere reads as async, which the minified binary's text is full of — and a
// hook it takes for async makes it await the hook and compile every route's handler as an async
// function: each request then answers with a Promise Bun must wait a turn for, even /healthz.
// Elysia's hook container (its exported HookContainer type) states both instead of the guess.
// Measured with wrk on /healthz (per server CPU-second against raw Bun.serve, with server.ts
// answering synchronously too): 0.56 → 0.63 from the source tree.
import type { HookContainer } from "elysia/types";

export interface RequestHookContext {
  request: Request;
  set: { headers: Record<string, string | number> };
}

export interface AfterHandleContext {
  response: unknown;
  set: { headers: Record<string, string | number | string[]> };
}

// `on` is typed for bare functions; at run time it takes a container as it stores them.

/** For `app.on("request", requestHook(fn))`; `fn` answers with a Response or lets the request through. */
export function requestHook(fn: (context: RequestHookContext) => Response | undefined): never {
  // Elysia compiles request hooks from the container's flags alone, and reads the function's source
  // for what the context needs: that `set` is written is what makes it apply set.headers to answers.
  const hook: HookContainer = { fn, isAsync: false, hasReturn: true };
  return hook as never;
}

/**
 * For a hook that changes the answer in place and returns nothing: `app.on({ as: "global" },
 * "afterHandle", effectHook(fn))`. Elysia's code for such a hook asks the function itself whether
 * it is async, so the container holds it bound: a bound function's text ("[native code]") reads as
 * synchronous whatever the minifier made of it. Only for hooks that read what every context has
 * (request, response, set): Elysia adds other properties (route, path, query…) only when it sees a
 * hook's source use them, and a bound function shows it nothing.
 */
export function effectHook<Context>(fn: (context: Context) => void): never {
  const hook: HookContainer = { fn: fn.bind(undefined), isAsync: false, hasReturn: false };
  return hook as never;
}
