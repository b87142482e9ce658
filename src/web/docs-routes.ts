// GET /docs: the reference, offline (see docs-page.tsx). Open to anyone, signed in or not.
import { Elysia } from "elysia";
import guides from "../../docs/integrations.md" with { type: "text" };
import type { ReferenceDocuments } from "../reference/documents.ts";
import { DocsPage } from "./docs-page.tsx";
import { webContext } from "./web-context.ts";
import type { WebDeps } from "./web-deps.ts";

export function docsRoutes(deps: WebDeps & { reference: ReferenceDocuments }) {
  // The guides are our own text, embedded in the binary; rendered once.
  // One h1 per page: the guides' headings go one level down.
  const guidesHtml = Bun.markdown.html(guides).replace(/<(\/?)h([1-5])\b/g, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);
  return new Elysia({ name: "web-docs" }).get(
    "/docs",
    async ({ request }) => {
      const ctx = await webContext(deps, request);
      return ctx.page(DocsPage({ t: ctx.t, safeGuidesHtml: guidesHtml, openapi: deps.reference.openApi().json, asyncapi: deps.reference.asyncApi().json, user: ctx.user }) as string);
    },
    { detail: { hide: true } },
  );
}
