import { describe, expect, test } from "bun:test";
import ssrf from "../fixtures/ssrf.json";
import { createAddressGuard, isPublicAddress } from "../../src/webhooks/address-guard.ts";

describe("webhook address guard (spec 2.9, ssrf.json)", () => {
  test("every blocked address is not public, every allowed one is", () => {
    for (const ip of ssrf.blocked_ips) expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
    for (const ip of ssrf.allowed_ips) expect([ip, isPublicAddress(ip)]).toEqual([ip, true]);
  });

  test("every rejected URL form is refused, every accepted form accepted", async () => {
    const guard = createAddressGuard({ resolver: async () => ["93.184.215.14"] });
    for (const url of ssrf.rejected_urls) expect([url, (await guard.check(url)).ok]).toEqual([url, false]);
    for (const url of ssrf.accepted_url_forms) expect([url, (await guard.check(url)).ok]).toEqual([url, true]);
  });

  test("a name resolving to any blocked address is refused, through the resolver", async () => {
    for (const ip of ssrf.blocked_ips) {
      const guard = createAddressGuard({ resolver: async () => [ip] });
      expect([ip, (await guard.check("https://hooks.example.com/x")).ok]).toEqual([ip, false]);
    }
  });

  test("one public and one private address: refused", async () => {
    const guard = createAddressGuard({ resolver: async () => ["8.8.8.8", "10.0.0.7"] });
    const r = await guard.check("https://hooks.example.com/parla");
    expect(r.ok).toBe(false);
  });

  test("the dialled address is the checked one; SNI keeps the name", async () => {
    const guard = createAddressGuard({ resolver: async () => ["8.8.4.4"] });
    expect(await guard.check("https://hooks.example.com/parla?x=1")).toEqual({ ok: true, hostname: "hooks.example.com", address: "8.8.4.4", port: 443, path: "/parla?x=1" });
  });

  test("allow networks open listed CIDRs on any port, nothing else", async () => {
    const guard = createAddressGuard({ allowNetworks: ["127.0.0.0/8", "::1/128"], resolver: async () => ["127.0.0.1"] });
    expect((await guard.check("https://localhost:9443/h")).ok).toBe(true);
    expect((await guard.check("https://[::1]:9443/h")).ok).toBe(true);
    expect((await guard.check("https://10.0.0.1/h")).ok).toBe(false);
    expect((await guard.check("https://user:p@localhost:9443/h")).ok).toBe(false);
    expect((await guard.check("http://localhost:9443/h")).ok).toBe(false);
  });
});
