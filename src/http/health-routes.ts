import { Elysia } from "elysia";
import type { CoreDeps } from "../config/core-deps.ts";
import { migrationStatus } from "../store/migrate.ts";

/** A store that does not answer within this is as good as unreachable for a readiness probe. */
export const READY_TIMEOUT_MS = 2_000;

/** /healthz: the process answers. /readyz: the store answers and every migration is applied. */
export function healthRoutes(deps: CoreDeps) {
  return new Elysia({ name: "health" })
    .get(
      "/healthz",
      ({ set }) => {
        set.headers["content-type"] = "text/plain";
        return "ok\n";
      },
      { detail: { hide: true } },
    )
    .get(
      "/readyz",
      async () => {
        try {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const timeout = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
          });
          const status = await Promise.race([migrationStatus(deps.store.client), timeout]).finally(() => clearTimeout(timer));
          if (status.pending.length > 0) return Response.json({ ready: false, reason: `pending migrations: ${status.pending.join(", ")}` }, { status: 503 });
          return Response.json({ ready: true, store: deps.store.kind, migrations: status.applied });
        } catch (error) {
          deps.log.warn("readyz.store_unreachable", { error: String(error) });
          return Response.json({ ready: false, reason: "store unreachable" }, { status: 503 });
        }
      },
      { detail: { hide: true } },
    );
}
