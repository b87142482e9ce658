import { Elysia } from "elysia";
import type { CoreDeps } from "../config/core-deps.ts";
import { migrationStatus } from "../store/migrate.ts";

/** /healthz: the process answers. /readyz: the store answers and every migration is applied. */
export function healthRoutes(deps: CoreDeps) {
  return new Elysia({ name: "health" })
    .get("/healthz", () => new Response("ok\n", { headers: { "content-type": "text/plain" } }), { detail: { hide: true } })
    .get(
      "/readyz",
      async () => {
        try {
          const status = await migrationStatus(deps.store.client);
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
