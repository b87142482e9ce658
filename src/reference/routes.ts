// The reference routes (spec 4.2, DESIGN §8): the OpenAPI and AsyncAPI documents and the versions.
// They need no token and no scope, and cost nothing.
import { t } from "elysia";
import type { CoreDeps } from "../config/core-deps.ts";
import { NOSNIFF } from "../http/json-text-answer.ts";
import type { V1Doorway } from "../http/v1.ts";
import { notFound } from "../lib/errors.ts";
import type { VersionRegistry } from "../versions/registry.ts";
import type { ReferenceDocuments } from "./documents.ts";
import { AsyncApiDocument, OpenApiDocument, Version, VersionList } from "./model.ts";

export interface ReferenceDeps extends CoreDeps {
  v1: V1Doorway<string, unknown>;
  versions: VersionRegistry;
  reference: ReferenceDocuments;
}

export function referenceRoutes(deps: ReferenceDeps) {
  const json = (body: string) => new Response(body, { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300", ...NOSNIFF } });
  const reference = { scope: null, operation: null, tags: ["reference"] } as const;
  // The versions are part of the build (versions/registry.ts), fixed for the process's life: their
  // list is serialised once, not on every call.
  const versionList = Buffer.from(JSON.stringify({ items: deps.versions.list() }));
  return deps.v1
    .plugin("reference")
    .get("/v1/openapi.json", { ...reference, summary: "Get this document (OpenAPI 3.1)", response: { 200: OpenApiDocument } }, () => json(deps.reference.openApi().text))
    .get("/v1/asyncapi.json", { ...reference, summary: "Get the events document (AsyncAPI 3.1)", response: { 200: AsyncApiDocument } }, () => json(deps.reference.asyncApi().text))
    .get("/v1/versions", { ...reference, summary: "List API versions", response: { 200: VersionList } }, () => new Response(versionList, { headers: { "content-type": "application/json;charset=utf-8", ...NOSNIFF } }))
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
