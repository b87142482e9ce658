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
  { description: "An API version (spec 9)." },
);

export const VersionList = t.Object({ items: t.Array(Version, { description: "Newest first." }) });
