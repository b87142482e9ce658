// The version record of GET /v1/versions (DESIGN §8), shared by the route and the tests.
import { t } from "elysia";

export const Version = t.Object(
  {
    id: t.String({ examples: ["2026-10-affable-towhee"] }),
    status: t.Union([t.Literal("current"), t.Literal("supported"), t.Literal("deprecated"), t.Literal("discontinued")], {
      description: "current: the newest; supported: older, answered as it was; deprecated: answered with Deprecation and Sunset headers, re-pin soon; discontinued: answered 410 version_discontinued.",
    }),
    released_at: t.String({ description: "YYYY-MM-DD" }),
    changes: t.Array(t.String(), { description: "What this version changed, in words." }),
    deprecated_at: t.Optional(t.String()),
    sunset_at: t.Optional(t.String()),
  },
  { description: "An API version." },
);

export const VersionList = t.Object({ items: t.Array(Version, { description: "Newest first." }) });

/** The documents themselves: open objects, described by their own specifications. */
export const OpenApiDocument = t.Object({ openapi: t.Literal("3.1.0"), info: t.Object({ title: t.String(), version: t.String() }, { additionalProperties: true }), paths: t.Record(t.String(), t.Unknown()) }, { additionalProperties: true, description: "An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)." });
export const AsyncApiDocument = t.Object({ asyncapi: t.Literal("3.1.0"), info: t.Object({ title: t.String(), version: t.String() }, { additionalProperties: true }), channels: t.Record(t.String(), t.Unknown()) }, { additionalProperties: true, description: "An AsyncAPI 3.1 document (https://www.asyncapi.com/docs/reference/specification/v3.1.0)." });
