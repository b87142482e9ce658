// The two documents, made once per process on first use — after every route is registered — and
// shared by the /v1 routes that serve them and the /docs page that renders them.
import type { VersionRegistry } from "../versions/registry.ts";
import { asyncApiDocument } from "./asyncapi.ts";
import { RECORDED_EXAMPLES, withExamples } from "./examples.ts";
import { openApiDocument, type DocumentedRoute } from "./openapi.ts";

type Json = Record<string, unknown>;

export interface RouteSource {
  /** The /v1 routes as the doorway registered them, with the statuses it can refuse with. */
  documentedRoutes(): DocumentedRoute[];
}

export class ReferenceDocuments {
  private openapi: { json: Json; text: string } | null = null;
  private asyncapi: { json: Json; text: string } | null = null;

  constructor(
    private readonly source: RouteSource,
    private readonly versions: VersionRegistry,
    private readonly baseUrl: string,
  ) {}

  openApi(): { json: Json; text: string } {
    if (!this.openapi) {
      const made = openApiDocument(this.source.documentedRoutes(), {
        baseUrl: this.baseUrl,
        apiVersion: this.versions.current(),
        versions: this.versions.list().filter((v) => v.status !== "discontinued").map((v) => v.id),
      });
      // The answers the test suite recorded from real calls (examples.ts).
      const json = withExamples(made, RECORDED_EXAMPLES);
      this.openapi = { json, text: JSON.stringify(json) };
    }
    return this.openapi;
  }

  asyncApi(): { json: Json; text: string } {
    if (!this.asyncapi) {
      const json = asyncApiDocument({ baseUrl: this.baseUrl, apiVersion: this.versions.current() });
      this.asyncapi = { json, text: JSON.stringify(json) };
    }
    return this.asyncapi;
  }
}
