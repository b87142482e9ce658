import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config/config.ts";

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
    }
  });

  test("the openai engine needs its settings", () => {
    expect(() => loadConfig({ PARLA_ENGINE: "openai" })).toThrow(/PARLA_LLM_BASE_URL/);
  });
});
