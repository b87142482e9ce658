import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { jsonBytesAnswer, jsonTextAnswer } from "../../src/http/json-text-answer.ts";

describe("a serialised JSON answer", () => {
  const small = JSON.stringify({ items: ["é", "x"] });
  const large = JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ i, text: `événement ${i} — “quoted”` })) });
  let server: ReturnType<typeof Bun.serve>;
  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      // Produced after a macrotask, as every /v1 answer is.
      fetch: async (request) => {
        await new Promise((resolve) => setImmediate(resolve));
        const { pathname } = new URL(request.url);
        // The same texts as stored bytes (a complete plan's answer, lesson_plans.answer).
        if (pathname.startsWith("/bytes/")) return jsonBytesAnswer(new TextEncoder().encode(pathname === "/bytes/large" ? large : small), { "cache-control": "no-store" }, 202);
        return jsonTextAnswer(pathname === "/large" ? large : small, { "cache-control": "no-store" }, 202);
      },
    });
  });
  afterAll(() => server.stop(true));

  test("arrives whole, with its status and headers, small or large (a large one as one chunk), from text or from bytes", async () => {
    for (const [path, text] of [["/small", small], ["/large", large], ["/bytes/small", small], ["/bytes/large", large]] as const) {
      const res = await fetch(new URL(path, server.url));
      expect(res.status).toBe(202);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toBe(text);
    }
    expect(Buffer.byteLength(large)).toBeGreaterThan(14 * 1024);
    expect((await fetch(new URL("/small", server.url))).headers.get("content-length")).toBe(String(Buffer.byteLength(small)));
    expect((await fetch(new URL("/large", server.url))).headers.get("transfer-encoding")).toBe("chunked");
    expect((await fetch(new URL("/bytes/small", server.url))).headers.get("content-length")).toBe(String(Buffer.byteLength(small)));
    expect((await fetch(new URL("/bytes/large", server.url))).headers.get("transfer-encoding")).toBe("chunked");
  });
});
