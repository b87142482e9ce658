// Probe routes behind the /v1 doorway, one per scope, that answer with what the doorway learnt of
// the caller. Registered before the app's first request (routes added later are not seen).
import { SCOPES, type Scope } from "../../src/lib/scopes.ts";
import type { TestApp } from "./test-app.ts";

/** `/v1/probe/usage-read` for `usage:read`: a scope's colon would read as a path parameter. */
export const probePath = (scope: string) => `/v1/probe/${scope.replace(":", "-")}`;

export function addProbeRoutes(t: TestApp): void {
  const probes = t.deps.v1.plugin("probes");
  for (const scope of SCOPES as readonly Scope[]) {
    probes.get(probePath(scope), { scope, operation: null, summary: "probe", tags: ["test"], hidden: true }, ({ caller, apiVersion }) => ({
      client_id: caller.clientId,
      payer: caller.payerAccountId,
      user: caller.userId,
      billing: caller.billingMode,
      scopes: caller.scopes,
      version: apiVersion,
    }));
  }
  t.app.use(probes.elysia);
}
