// The app's routes served by Bun's router (http/bun-routes.ts): the same answers as app.handle,
// global hooks included, and everything Bun does not match falls through to the app.
import { afterEach, expect, test } from "bun:test";
import { Elysia, t } from "elysia";
import { bunRoutesOf } from "../../src/http/bun-routes.ts";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function testApp() {
  return new Elysia()
    .onRequest(({ set, request }) => {
      set.headers["x-hook"] = "on-request";
      if (new URL(request.url).searchParams.has("early")) return new Response("early", { status: 418 });
    })
    .get("/items/:id", ({ params, query }) => ({ id: params.id, q: query.q ?? null }), { params: t.Object({ id: t.String({ maxLength: 8 }) }) })
    .post("/items", ({ body }) => ({ created: body }), { body: t.Object({ name: t.String() }) })
    .get("/files/*", () => "wildcard")
    .get("/plain", () => new Response("plain", { headers: { "content-type": "text/plain" } }));
}

function serve(app: ReturnType<typeof testApp>) {
  const byBun: string[] = [];
  const routes = bunRoutesOf(app, (handler) => (request) => {
    byBun.push(`${request.method} ${new URL(request.url).pathname}`);
    return handler(request);
  });
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, routes, fetch: (request) => app.handle(request) });
  stops.push(() => server.stop(true));
  return { url: `http://127.0.0.1:${server.port}`, byBun };
}

test("a matched route answers as app.handle does: decoded parameters, query, validation and the global hooks", async () => {
  const app = testApp();
  const { url, byBun } = serve(app);
  for (const path of ["/items/caf%C3%A9?q=1", "/items/a%20b", "/items/waytoolongid", "/plain", "/items/x?early=1"]) {
    const [viaBun, viaApp] = [await fetch(`${url}${path}`), await app.handle(new Request(`http://localhost${path}`))];
    expect([viaBun.status, viaBun.headers.get("x-hook"), await viaBun.text()]).toEqual([viaApp.status, viaApp.headers.get("x-hook"), await viaApp.text()]);
  }
  expect(await (await fetch(`${url}/items/caf%C3%A9?q=1`)).json()).toEqual({ id: "café", q: "1" });
  const posted = await fetch(`${url}/items`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "x" }) });
  expect(await posted.json()).toEqual({ created: { name: "x" } });
  expect(byBun).toEqual(["GET /items/caf%C3%A9", "GET /items/a%20b", "GET /items/waytoolongid", "GET /plain", "GET /items/x", "GET /items/caf%C3%A9", "POST /items"]);
});

test("HEAD of a GET route is answered by Bun without a body; other methods, wildcards and trailing slashes fall through to the app", async () => {
  const app = testApp();
  const { url, byBun } = serve(app);
  const head = await fetch(`${url}/plain`, { method: "HEAD" });
  expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([200, "5", ""]);
  expect(byBun).toEqual(["HEAD /plain"]);
  byBun.length = 0;
  expect((await fetch(`${url}/items/1`, { method: "DELETE" })).status).toBe(404);
  expect(await (await fetch(`${url}/files/a/b`)).text()).toBe("wildcard");
  expect((await fetch(`${url}/items/1/`)).status).toBe(200);
  expect(byBun).toEqual([]);
});

test("Parla's hooks before routing run as synchronous: /healthz is answered at once, not with a Promise, and a hook's answer still wins", async () => {
  const { createTestApp } = await import("../helpers/test-app.ts");
  const t = await createTestApp();
  stops.push(() => t.cleanup());
  const routes = bunRoutesOf(t.app, (handler) => handler);
  const answer = routes["/healthz"]!.GET!(new Request("http://localhost/healthz"));
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect([response.status, response.headers.get("x-content-type-options"), await response.text()]).toEqual([200, "nosniff", "ok\n"]);
  const refused = await routes["/healthz"]!.GET!(new Request("http://localhost/healthz", { headers: { authorization: "Bearer parla_at_abc" } }));
  expect(refused.status).toBe(401);
});

test("a /v1 route that needs no token is answered at once too, its path parameters and Parla-Version still read", async () => {
  const { createTestApp } = await import("../helpers/test-app.ts");
  const t = await createTestApp();
  stops.push(() => t.cleanup());
  const routes = bunRoutesOf(t.app, (handler) => handler);
  const list = routes["/v1/versions"]!.GET!(new Request("http://localhost/v1/versions"));
  expect(list).toBeInstanceOf(Response);
  const listed = list as Response;
  expect([listed.status, listed.headers.get("x-content-type-options")]).toEqual([200, "nosniff"]);
  const id = ((await listed.json()) as { items: { id: string }[] }).items[0]!.id;
  const one = routes["/v1/versions/:id"]!.GET!(Object.assign(new Request(`http://localhost/v1/versions/${id}`), { params: { id } }));
  expect(one).toBeInstanceOf(Response);
  expect(((await (one as Response).json()) as { id: string }).id).toBe(id);
  const unknown = await routes["/v1/versions"]!.GET!(new Request("http://localhost/v1/versions", { headers: { "parla-version": "1999-01-nope" } }));
  expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([400, "invalid_version"]);
});

test("no /v1 route's compiled handler parses cookies or copies every header: the doorway hands Elysia only the context parts it uses", async () => {
  const { createTestApp } = await import("../helpers/test-app.ts");
  const t = await createTestApp();
  stops.push(() => t.cleanup());
  const v1 = t.app.routes.filter((route) => route.path.startsWith("/v1/"));
  expect(v1.length).toBeGreaterThan(10);
  // The handler Elysia compiled for the route (what createBunRouteHandler serves), as its source.
  const compiled = (route: (typeof v1)[number]) => String((route as { compile?: () => unknown }).compile?.());
  const parsesTooMuch = v1.filter((route) => /parseCookie|headers\.toJSON\(\)/.test(compiled(route))).map((route) => `${route.method} ${route.path}`);
  expect(parsesTooMuch).toEqual([]);
});
