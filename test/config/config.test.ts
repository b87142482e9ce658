import { describe, expect, test } from "bun:test";
import { ConfigError, ENV_NAMES, loadConfig } from "../../src/config/config.ts";

describe("configuration", () => {
  test("documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ databaseUrl: "file:./parla-data/parla.db", host: "0.0.0.0", port: 8080, baseUrl: "http://localhost:8080", webAppUrl: "http://localhost:8080", engine: "builtin", streamMaxSeconds: 300, streamHeartbeatSeconds: 15, devClock: false });
    expect(Object.isFrozen(c)).toBe(true);
  });

  test("environment overrides and derived URLs", () => {
    const c = loadConfig({ PARLA_PORT: "9000", PARLA_BASE_URL: "https://parla.example.com", PARLA_DEV_CLOCK: "1", PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8, ::1/128" });
    expect(c.port).toBe(9000);
    expect(c.webAppUrl).toBe("https://parla.example.com");
    expect(c.devClock).toBe(true);
    expect(c.webhookAllowNetworks).toEqual(["127.0.0.0/8", "::1/128"]);
  });

  test("every bad key is reported at once", () => {
    try {
      loadConfig({ PARLA_PORT: "eighty", PARLA_ENGINE: "gpt", PARLA_BASE_URL: "http://x/trailing/", PARLA_TYPO: "1", PARLA_LOG_LEVEL: "loud" });
      throw new Error("expected a ConfigError");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      for (const name of ["PARLA_PORT", "PARLA_ENGINE", "PARLA_BASE_URL", "PARLA_TYPO", "PARLA_LOG_LEVEL"]) expect(text).toContain(name);
      // Once each, and a setting of a few words names them.
      const problems = (error as ConfigError).problems;
      for (const name of ["PARLA_PORT", "PARLA_ENGINE", "PARLA_LOG_LEVEL"]) expect(problems.filter((p) => p.startsWith(`${name}:`)), name).toHaveLength(1);
      expect(text).toContain('PARLA_ENGINE: expected one of builtin, openai (got "gpt")');
      expect(text).toContain("PARLA_LOG_LEVEL: expected one of debug, info, warn, error, silent");
    }
  });

  test("every setting's variable, type and default come from the one schema", () => {
    const c = loadConfig({});
    expect(ENV_NAMES).toContain("PARLA_GOOGLE_CLIENT_SECRET");
    expect(ENV_NAMES).toHaveLength(new Set(ENV_NAMES).size);
    expect([c.port, c.host, c.engine, c.logLevel, c.streamHeartbeatSeconds, c.devClock, c.webhookAllowNetworks, c.baseUrl]).toEqual([8080, "0.0.0.0", "builtin", "info", 15, false, [], "http://localhost:8080"]);
    expect(loadConfig({ PARLA_DEV_CLOCK: "1", PARLA_OPERATOR_EMAILS: "A@x.org, b@y.org" })).toMatchObject({ devClock: true, operatorEmails: ["a@x.org", "b@y.org"] });
  });

  test("the openai engine needs its settings", () => {
    expect(() => loadConfig({ PARLA_ENGINE: "openai" })).toThrow(/PARLA_LLM_BASE_URL/);
  });
});

describe("external sign-in settings (OpenID Connect)", () => {
  const oidc = { PARLA_OIDC_ISSUER: "https://id.example.com/realms/staff", PARLA_OIDC_CLIENT_ID: "parla", PARLA_OIDC_CLIENT_SECRET: "oidc-secret-value" };

  function problems(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error("expected a ConfigError");
  }

  test("off by default; fully configured providers load, with the OIDC button label", () => {
    expect(loadConfig({})).toMatchObject({ oidcIssuer: null, githubClientId: null, googleClientId: null, oidcName: "Single sign-on" });
    const c = loadConfig({ ...oidc, PARLA_OIDC_NAME: "Staff login", PARLA_GITHUB_CLIENT_ID: "gh", PARLA_GITHUB_CLIENT_SECRET: "ghs", PARLA_GOOGLE_CLIENT_ID: "g", PARLA_GOOGLE_CLIENT_SECRET: "gs" });
    expect(c).toMatchObject({ oidcIssuer: oidc.PARLA_OIDC_ISSUER, oidcClientId: "parla", oidcName: "Staff login", githubClientId: "gh", googleClientSecret: "gs" });
    expect(loadConfig({ ...oidc, PARLA_OIDC_ISSUER: "http://127.0.0.1:9000" }).oidcIssuer).toBe("http://127.0.0.1:9000");
    expect(loadConfig({ ...oidc, PARLA_OIDC_ISSUER: "http://localhost:9000/realm" }).oidcIssuer).toBe("http://localhost:9000/realm");
  });

  test("half-configured providers are all reported at once, without their secrets", () => {
    const text = problems({ PARLA_GITHUB_CLIENT_ID: "gh", PARLA_GOOGLE_CLIENT_SECRET: "google-secret-value", PARLA_OIDC_ISSUER: "https://id.example.com", PARLA_OIDC_CLIENT_SECRET: "oidc-secret-value" });
    expect(text).toContain("GitHub sign-in is half-configured: also set PARLA_GITHUB_CLIENT_SECRET");
    expect(text).toContain("Google sign-in is half-configured: also set PARLA_GOOGLE_CLIENT_ID");
    expect(text).toContain("generic OIDC sign-in is half-configured: also set PARLA_OIDC_CLIENT_ID");
    expect(text).not.toContain("google-secret-value");
    expect(text).not.toContain("oidc-secret-value");
  });

  test("the issuer must be https (http only on loopback) with no query or fragment", () => {
    expect(problems({ ...oidc, PARLA_OIDC_ISSUER: "http://id.example.com" })).toContain("PARLA_OIDC_ISSUER: must be https");
    expect(problems({ ...oidc, PARLA_OIDC_ISSUER: "http://10.0.0.5" })).toContain("PARLA_OIDC_ISSUER: must be https");
    expect(problems({ ...oidc, PARLA_OIDC_ISSUER: "id.example.com" })).toContain("PARLA_OIDC_ISSUER: is not a URL");
    expect(problems({ ...oidc, PARLA_OIDC_ISSUER: "https://id.example.com/?tenant=1" })).toContain("must not carry a query");
  });

  test("a button label without an issuer, or an unusable one, is refused", () => {
    expect(problems({ PARLA_OIDC_NAME: "Staff login" })).toContain("PARLA_OIDC_NAME is set but PARLA_OIDC_ISSUER is not");
    expect(problems({ ...oidc, PARLA_OIDC_NAME: "x".repeat(61) })).toContain("PARLA_OIDC_NAME");
    expect(problems({ ...oidc, PARLA_OIDC_NAME: "Staff\nlogin" })).toContain("PARLA_OIDC_NAME: must not contain control characters");
  });
});
