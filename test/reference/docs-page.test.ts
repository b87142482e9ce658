// /docs per operation: a curl command with a copy button, the scope and the credit cost, and every
// documented status with its meaning; Idempotency-Key shown as required.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let html: string;
let openapi: Record<string, any>;

beforeAll(async () => {
  t = await createTestApp();
  html = await (await t.request("GET", "/docs")).text();
  openapi = await (await t.request("GET", "/v1/openapi.json")).json();
});
afterAll(() => t.cleanup());

test("every operation shows a curl command with a copy button, its cost and its statuses", () => {
  for (const methods of Object.values(openapi.paths as Record<string, Record<string, any>>)) {
    for (const op of Object.values(methods)) {
      const anchor = `op-${op.operationId}`;
      const section = html.slice(html.indexOf(`id="${anchor}"`), html.indexOf("</section>", html.indexOf(`id="${anchor}"`)));
      expect(section, anchor).toContain(`<code id="${anchor}-curl">curl -X `);
      expect(section, anchor).toContain(`data-copy="${anchor}-curl"`);
      for (const status of Object.keys(op.responses)) expect(section, `${anchor} ${status}`).toContain(`<code>${status}</code>`);
      if (op["x-parla-operation"]) expect(section, anchor).toMatch(/\d+ credits?<\/span> per call/);
    }
  }
  expect(html).toContain("10 credits</span> per call");
  expect(html).not.toMatch(/spec \d/);
});

test("Idempotency-Key is shown as required on POST /v1/events", () => {
  const section = html.slice(html.indexOf('id="op-post_events"'));
  expect(section).toMatch(/<code>Idempotency-Key<\/code><\/td><td>header<\/td><td>yes<\/td>/);
});
