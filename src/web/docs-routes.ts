// GET /docs: the developer reference (docs-page.tsx), readable signed in or not.
import { Elysia } from "elysia";
import type { AppDeps } from "../app-deps.ts";
import { authorizationServerMetadata } from "../oauth/metadata.ts";
import { CURRENT_API_VERSION } from "../versions/registry.ts";
import { DocsPage } from "./docs-page.tsx";
import { webContext } from "./web-context.ts";

export function docsRoutes(deps: AppDeps) {
  return new Elysia({ name: "web-docs" }).get(
    "/docs",
    async ({ request }) => {
      const ctx = await webContext(deps, request);
      const metadata = authorizationServerMetadata(deps.config);
      const metadataUrl = `${deps.config.baseUrl}/.well-known/oauth-authorization-server`;
      return ctx.page(DocsPage({ metadata, metadataUrl, apiVersion: CURRENT_API_VERSION, user: ctx.user }) as string);
    },
    { detail: { hide: true } },
  );
}
