// The doorway's lazyBody (http/v1.ts): the body is documented and capped but left unread until the
// route asks for it with readBody() — same size cap (413), same JSON refusals (400) as a read body.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { t as schema } from "elysia";
import { clientWithToken } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let seen: { bodyUsed: boolean; body?: unknown; again?: boolean }[];
beforeEach(async () => {
  seen = [];
  t = await createTestApp();
  const probes = t.deps.v1.plugin("lazy-body-probes");
  probes.post(
    "/v1/probe/lazy",
    {
      scope: "vocab:generate",
      operation: "vocab.generate",
      documentedBody: schema.Object({ level: schema.Integer() }),
      maxBodyBytes: 1024,
      lazyBody: true,
      summary: "probe",
      tags: ["test"],
      hidden: true,
      // "skip" answers without the body, as an idempotent replay does.
      precheck: ({ request }) => ({ skip: request.headers.get("x-skip") === "1" }),
    },
    async ({ checked, request, readBody }) => {
      if (checked.skip) {
        seen.push({ bodyUsed: request.bodyUsed });
        return { read: false };
      }
      const body = await readBody();
      seen.push({ bodyUsed: request.bodyUsed, body, again: (await readBody()) === body });
      return { read: true, body: body ?? null };
    },
  );
  t.app.use(probes.elysia);
});
afterEach(() => t.cleanup());

async function send(token: string, body: BodyInit | undefined, headers: Record<string, string> = {}) {
  return t.app.handle(new Request("http://localhost/v1/probe/lazy", { method: "POST", body, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers } }));
}

function chunked(chunks: number, size: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < chunks; i++) controller.enqueue(new TextEncoder().encode(" ".repeat(size)));
      controller.close();
    },
  });
}

describe("lazyBody", () => {
  test("a route that does not ask for the body answers without reading it, even when it is not JSON", async () => {
    const o = await clientWithToken(t);
    const res = await send(o.token, "{not json", { "x-skip": "1" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ read: false });
    expect(seen).toEqual([{ bodyUsed: false }]);
  });

  test("readBody() parses the JSON once; another content type is refused", async () => {
    const o = await clientWithToken(t);
    expect(await (await send(o.token, JSON.stringify({ level: 3 }))).json()).toEqual({ read: true, body: { level: 3 } });
    expect(seen[0]).toEqual({ bodyUsed: true, body: { level: 3 }, again: true });
    const other = await send(o.token, "level=3", { "content-type": "text/plain" });
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({ code: "invalid_request", error: "send the body as JSON, with Content-Type: application/json" });
  });

  test("a body of declared length (as from the network) is read whole, with the same refusals", async () => {
    const o = await clientWithToken(t);
    const body = JSON.stringify({ level: 4 });
    expect(await (await send(o.token, body, { "content-length": String(body.length) })).json()).toEqual({ read: true, body: { level: 4 } });
    const bad = await send(o.token, "{not json", { "content-length": "9" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_request", error: "the request body is not valid JSON" });
  });

  test("readBody() refuses what the doorway refuses: not JSON or empty → 400, a chunked body past the cap → 413", async () => {
    const o = await clientWithToken(t);
    const bad = await send(o.token, "{not json");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_request", error: "the request body is not valid JSON" });
    const empty = await send(o.token, "");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: "invalid_request", error: "the request body is empty; send a JSON object" });
    const big = await send(o.token, chunked(4, 512));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: "payload_too_large" });
  });

  test("a declared Content-Length past the cap is refused (413) when the body is read, before a byte of it is; a handler that needs no body answers without it", async () => {
    const o = await clientWithToken(t);
    const padded = JSON.stringify({ level: 1, pad: "x".repeat(2000) });
    // Set by hand: a Request built in-process carries no Content-Length, one from the network does.
    const read = await send(o.token, padded, { "content-length": String(padded.length) });
    expect(read.status).toBe(413);
    expect(await read.json()).toMatchObject({ code: "payload_too_large" });
    // As an idempotent replay is answered whatever its body (spec 4.3.8).
    const skipped = await send(o.token, padded, { "content-length": String(padded.length), "x-skip": "1" });
    expect(await skipped.json()).toEqual({ read: false });
    expect(seen).toEqual([{ bodyUsed: false }]);
  });
});
