// The reference routes (spec 4.2, DESIGN §8): the OpenAPI and AsyncAPI documents and the versions.
// They need no token and no scope, and cost nothing.
import type { CoreDeps } from "../config/core-deps.ts";
import { doorwayStatuses, type V1Doorway } from "../http/v1.ts";
import { notFound } from "../lib/errors.ts";
import type { VersionRegistry } from "../versions/registry.ts";
import { asyncApiDocument } from "./asyncapi.ts";
import { Version, VersionList } from "./model.ts";
import { openApiDocument } from "./openapi.ts";
import { t } from "elysia";

export interface ReferenceDeps extends CoreDeps {
  v1: V1Doorway<string, unknown>;
  versions: VersionRegistry;
}

export function referenceRoutes(deps: ReferenceDeps) {
  const current = () => deps.versions.list().find((v) => v.status === "current")!.id;
  // Made on first request, once every route is registered.
  let openapi: string | null = null;
  let asyncapi: string | null = null;
  const json = (body: string) => new Response(body, { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" } });
  const reference = { scope: null, operation: null, tags: ["reference"] } as const;
  return deps.v1
    .plugin("reference")
    .get("/v1/openapi.json", { ...reference, summary: "Get this document (OpenAPI 3.1)", produces: "application/json" }, () => {
      openapi ??= JSON.stringify(
        openApiDocument(
          deps.v1.routes.map((r) => ({ ...r, doorwayErrors: doorwayStatuses(r.declaration) })),
          { baseUrl: deps.config.baseUrl, apiVersion: current(), versions: deps.versions.list().filter((v) => v.status !== "discontinued").map((v) => v.id) },
        ),
      );
      return json(openapi);
    })
    .get("/v1/asyncapi.json", { ...reference, summary: "Get the events document (AsyncAPI 3.1)" }, () => {
      asyncapi ??= JSON.stringify(asyncApiDocument({ baseUrl: deps.config.baseUrl, apiVersion: current() }));
      return json(asyncapi);
    })
    .get("/v1/versions", { ...reference, summary: "List API versions", response: { 200: VersionList } }, () => ({ items: deps.versions.list() }))
    .get(
      "/v1/versions/:id",
      { ...reference, summary: "Get an API version", params: t.Object({ id: t.String({ description: "A version id, e.g. 2026-10-affable-towhee" }) }), response: { 200: Version }, errors: [404] },
      ({ params }) => {
        const version = deps.versions.find(params.id);
        if (!version) throw notFound(`API version ${params.id}`);
        return version;
      },
    ).elysia;
}
