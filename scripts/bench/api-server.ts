// The server for scripts/bench/api.ts: Parla started exactly as `parla serve` starts it (the same
// composition root and app), plus one probe route behind the /v1 doorway: the doorway alone (token,
// scope, version, rate limit, charge of lesson_plan.read) and one small indexed read (the caller's
// client row by its key), beside the real GET /v1/lesson-plans/{id} and GET /v1/usage.
//   bun scripts/bench/api-server.ts   (configured by PARLA_* like the binary)
import { t } from "elysia";
import { loadConfig } from "../../src/config/config.ts";
import { startServer } from "../../src/server.ts";

export const PROBE_PATH = "/v1/bench/indexed-read";

const server = await startServer(loadConfig(process.env), undefined, {
  extraRoutes: (deps) =>
    deps.v1.plugin("bench").get(
      PROBE_PATH,
      {
        scope: "lesson_plans:read",
        operation: "lesson_plan.read",
        response: { 200: t.Object({ id: t.String(), name: t.String() }) },
        summary: "Benchmark probe: the doorway and one indexed read",
        tags: ["bench"],
        hidden: true,
      },
      async ({ caller }) => {
        const [row] = await deps.store.read("SELECT id, name FROM clients WHERE id = ?", [caller.clientId]);
        return { id: row![0] as string, name: row![1] as string };
      },
    ).elysia,
});
console.log(`listening ${server.port}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void server.stop().then(() => process.exit(0)));
