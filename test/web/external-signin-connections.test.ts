// External sign-in (OpenID Connect): a signed-in user connects (and removes) the generic OIDC provider from the Account
// page, against a REAL OpenID Provider (node-oidc-provider, test/helpers/oidc-test-provider.ts). An
// identity is only ever attached this way, never because an e-mail address matches.
import { appRegistry } from "../helpers/oidc-test-provider.ts";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { externalIdentities, users } from "../../src/accounts/schema.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { flashText, identities, landing, sessionCookieSet, signInAs, startOidcPeer, throughProvider, userByEmail, type OidcPeer } from "../helpers/oidc-test-provider.ts";
import type { TestApp } from "../helpers/test-app.ts";

const PASSWORD = "correct horse battery staple";

let peer: OidcPeer;
let t: TestApp;
const apps = appRegistry();

beforeAll(async () => {
  peer = await startOidcPeer({ idTokenCarriesEmail: true });
});
afterAll(async () => {
  await peer.close();
});
afterEach(() => apps.cleanup());

const oidcApp = (env: Record<string, string> = {}, issuer = peer.issuer) => apps.oidc(issuer, env);

// ---------------------------------------------------------------------------------------------

describe("connecting OIDC from the Account page, against oidc-provider", () => {
  test("a signed-in user connects the provider from the Account page, then signs in with it", async () => {
    t = await oidcApp();
    const bob = new WebUser(t);
    expect((await bob.signUp("bob@example.test", PASSWORD)).status).toBe(303);
    const page = await (await bob.get("/account")).text();
    expect(page).toContain('action="/account/connections/oidc/connect"');
    expect(page).toContain("Connect Acme SSO");

    // Without the CSRF token nothing starts.
    const forged = await bob.post("/account/connections/oidc/connect", {});
    expect(forged.headers.get("location")).toBe("/account");
    expect(forged.headers.getSetCookie().some((c) => c.startsWith("parla_external_signin="))).toBe(false);

    const start = await bob.post("/account/connections/oidc/connect", { csrf_token: csrfFrom(page) });
    expect(start.status).toBe(303);
    const callback = await throughProvider(start.headers.get("location")!, "bob-at-work");
    const done = await bob.get(callback.pathname + callback.search);
    const landed = await landing(bob, done);
    expect(landed.location).toBe("/account");
    expect(flashText(landed.html)).toBe("Acme SSO is connected. You can now sign in with it.");
    expect(landed.html).toContain('action="/account/connections/oidc/remove"');
    const bobRow = await userByEmail(t, "bob@example.test");
    expect(await identities(t)).toMatchObject([{ provider: "oidc", subject: "bob-at-work", userId: bobRow!.id }]);

    const laptop = new WebUser(t);
    const res = await signInAs(laptop, "bob-at-work");
    expect(res.status).toBe(303);
    expect(sessionCookieSet(res)).toBe(true);
    expect(await (await laptop.get("/account")).text()).toContain("bob@example.test");
    expect((await t.deps.store.db.select().from(users)).length).toBe(1);
  });

  test("connecting an identity that belongs to someone else is refused", async () => {
    t = await oidcApp();
    expect((await signInAs(new WebUser(t), "alice")).status).toBe(303);
    const bob = new WebUser(t);
    await bob.signUp("bob@example.test", PASSWORD);
    const page = await (await bob.get("/account")).text();
    const start = await bob.post("/account/connections/oidc/connect", { csrf_token: csrfFrom(page) });
    const callback = await throughProvider(start.headers.get("location")!, "alice");
    const landed = await landing(bob, await bob.get(callback.pathname + callback.search));
    expect(flashText(landed.html)).toBe("This Acme SSO account is already connected to another Parla account.");
    const alice = await userByEmail(t, "alice@example.test");
    expect(await identities(t)).toMatchObject([{ subject: "alice", userId: alice!.id }]);
  });

  test("a connect attempt finished after signing out is refused (the attempt is bound to the session)", async () => {
    t = await oidcApp();
    const bob = new WebUser(t);
    await bob.signUp("bob@example.test", PASSWORD);
    const page = await (await bob.get("/account")).text();
    const start = await bob.post("/account/connections/oidc/connect", { csrf_token: csrfFrom(page) });
    const callback = await throughProvider(start.headers.get("location")!, "bob-at-work");
    await bob.post("/signout", { csrf_token: csrfFrom(page) });
    const res = await bob.get(callback.pathname + callback.search);
    expect(res.status).toBe(303);
    expect(await identities(t)).toEqual([]);
    expect(t.logs.join("\n")).toContain('"reason":"session_changed"');
  });

  test("connections can be removed, except the last way to sign in", async () => {
    t = await oidcApp();
    const alice = new WebUser(t);
    await signInAs(alice, "alice");
    const page = await (await alice.get("/account")).text();
    const refused = await landing(alice, await alice.post("/account/connections/oidc/remove", { csrf_token: csrfFrom(page) }));
    expect(flashText(refused.html)).toContain("only way to sign in");
    expect((await identities(t)).length).toBe(1);

    const bob = new WebUser(t);
    await bob.signUp("bob@example.test", PASSWORD);
    const bobPage = await (await bob.get("/account")).text();
    const start = await bob.post("/account/connections/oidc/connect", { csrf_token: csrfFrom(bobPage) });
    const callback = await throughProvider(start.headers.get("location")!, "bob-at-work");
    await bob.get(callback.pathname + callback.search);
    const bobId = (await userByEmail(t, "bob@example.test"))!.id;
    const removed = await landing(bob, await bob.post("/account/connections/oidc/remove", { csrf_token: csrfFrom(bobPage) }));
    expect(flashText(removed.html)).toBe("Connection removed.");
    expect(await t.deps.store.db.select().from(externalIdentities).where(and(eq(externalIdentities.userId, bobId)))).toEqual([]);
    expect((await identities(t)).length).toBe(1);
  });

});
