// Configuration: documented defaults → PARLA_* environment → validated → frozen (DESIGN §5).
// This module is the only reader of process.env; everything else receives a Config.
import { Type as T, type Static, type TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

/** A whole number setting with its variable, default and range. */
const Positive = (env: string, def: number, min = 1, max = 10_000_000) => T.Integer({ env, minimum: min, maximum: max, default: def });

// The one description of every setting: its key, its PARLA_* variable (`env`), its type and range,
// and its default. How a variable's text becomes a value follows from the type: integer, boolean
// (1/0/true/false), array (comma-separated) or string. PARLA_BASE_URL and PARLA_WEB_APP_URL have
// no fixed default: they follow the port and each other.
const ConfigSchema = T.Object({
  databaseUrl: T.String({ minLength: 1, env: "PARLA_DATABASE_URL", default: "file:./parla-data/parla.db" }),
  databaseAuthToken: T.Union([T.String(), T.Null()], { env: "PARLA_DATABASE_AUTH_TOKEN", default: null }),
  host: T.String({ minLength: 1, env: "PARLA_HOST", default: "0.0.0.0" }),
  port: T.Integer({ minimum: 0, maximum: 65535, env: "PARLA_PORT", default: 8080 }),
  baseUrl: T.String({ pattern: "^https?://[^/?#]+(/[^?#]*[^/?#])?$", env: "PARLA_BASE_URL" }),
  webAppUrl: T.String({ pattern: "^https?://[^/?#]+(/[^?#]*[^/?#])?$", env: "PARLA_WEB_APP_URL" }),
  secretKey: T.Union([T.String({ minLength: 32 }), T.Null()], { env: "PARLA_SECRET_KEY", default: null }),
  engine: T.Union([T.Literal("builtin"), T.Literal("openai")], { env: "PARLA_ENGINE", default: "builtin" }),
  llmBaseUrl: T.Union([T.String(), T.Null()], { env: "PARLA_LLM_BASE_URL", default: null }),
  llmApiKey: T.Union([T.String(), T.Null()], { env: "PARLA_LLM_API_KEY", default: null }),
  llmModel: T.Union([T.String(), T.Null()], { env: "PARLA_LLM_MODEL", default: null }),
  llmFallback: T.Union([T.Literal("none"), T.Literal("builtin")], { env: "PARLA_LLM_FALLBACK", default: "none" }),
  llmTimeoutSeconds: Positive("PARLA_LLM_TIMEOUT_SECONDS", 60, 1, 600),
  llmMaxRetries: Positive("PARLA_LLM_MAX_RETRIES", 2, 0, 10),
  smtpUrl: T.Union([T.String(), T.Null()], { env: "PARLA_SMTP_URL", default: null }),
  mailFrom: T.String({ env: "PARLA_MAIL_FROM", default: "Parla <parla@localhost>" }),
  logLevel: T.Union([T.Literal("debug"), T.Literal("info"), T.Literal("warn"), T.Literal("error"), T.Literal("silent")], { env: "PARLA_LOG_LEVEL", default: "info" }),
  devClock: T.Boolean({ env: "PARLA_DEV_CLOCK", default: false }),
  webhookAllowNetworks: T.Array(T.String(), { env: "PARLA_WEBHOOK_ALLOW_NETWORKS", default: [] }),
  /** Users (by e-mail) who see the operator pages: the mail outbox and the model usage. */
  operatorEmails: T.Array(T.String(), { env: "PARLA_OPERATOR_EMAILS", default: [] }),
  webhookCaFile: T.Union([T.String(), T.Null()], { env: "PARLA_WEBHOOK_CA_FILE", default: null }),
  streamMaxSeconds: Positive("PARLA_STREAM_MAX_SECONDS", 300, 1, 86_400),
  streamHeartbeatSeconds: Positive("PARLA_STREAM_HEARTBEAT_SECONDS", 15, 1, 3600),
  rateLimitTokenPerAddressPerMinute: Positive("PARLA_RATE_LIMIT_TOKEN_PER_ADDRESS_PER_MINUTE", 120),
  rateLimitTokenPerClientPerHour: Positive("PARLA_RATE_LIMIT_TOKEN_PER_CLIENT_PER_HOUR", 120),
  rateLimitSigninPerAddressPerMinute: Positive("PARLA_RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_MINUTE", 20),
  rateLimitApiPerClientPerMinute: Positive("PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE", 6000),
  rateLimitClientSecretFailuresPerHour: Positive("PARLA_RATE_LIMIT_CLIENT_SECRET_FAILURES_PER_HOUR", 20),
  freeAllowanceCredits: Positive("PARLA_FREE_ALLOWANCE_CREDITS", 300, 0),
  paidAllowanceCredits: Positive("PARLA_PAID_ALLOWANCE_CREDITS", 10_000, 0),
  metricsToken: T.Union([T.String({ minLength: 16 }), T.Null()], { env: "PARLA_METRICS_TOKEN", default: null }),
  backupDir: T.Union([T.String({ minLength: 1 }), T.Null()], { env: "PARLA_BACKUP_DIR", default: null }),
  backupEveryHours: Positive("PARLA_BACKUP_EVERY_HOURS", 24, 1, 24 * 365),
  backupKeep: Positive("PARLA_BACKUP_KEEP", 7, 1, 10_000),
  // Optional external sign-in (OpenID Connect, OAuth 2.0 RFC 6749): each provider is either fully configured or absent.
  oidcIssuer: T.Union([T.String(), T.Null()], { env: "PARLA_OIDC_ISSUER", default: null }),
  oidcClientId: T.Union([T.String(), T.Null()], { env: "PARLA_OIDC_CLIENT_ID", default: null }),
  oidcClientSecret: T.Union([T.String(), T.Null()], { env: "PARLA_OIDC_CLIENT_SECRET", default: null }),
  oidcName: T.String({ minLength: 1, maxLength: 60, env: "PARLA_OIDC_NAME", default: "Single sign-on" }),
  githubClientId: T.Union([T.String(), T.Null()], { env: "PARLA_GITHUB_CLIENT_ID", default: null }),
  githubClientSecret: T.Union([T.String(), T.Null()], { env: "PARLA_GITHUB_CLIENT_SECRET", default: null }),
  googleClientId: T.Union([T.String(), T.Null()], { env: "PARLA_GOOGLE_CLIENT_ID", default: null }),
  googleClientSecret: T.Union([T.String(), T.Null()], { env: "PARLA_GOOGLE_CLIENT_SECRET", default: null }),
});

export type Config = Readonly<Static<typeof ConfigSchema>>;

type Key = keyof Static<typeof ConfigSchema>;
type Kind = "string" | "int" | "bool" | "list";
type Setting = TSchema & { env: string; default?: unknown };

/** Each environment variable: the config key it sets and how its text becomes a value, read from the schema. */
const ENV: Record<string, [Key, Kind]> = Object.fromEntries(
  (Object.entries(ConfigSchema.properties) as unknown as [Key, Setting][]).map(([key, schema]) => {
    const types = (schema.anyOf ?? [schema]) as { type?: string }[];
    const kind: Kind = types.some((t) => t.type === "integer") ? "int" : types.some((t) => t.type === "boolean") ? "bool" : types.some((t) => t.type === "array") ? "list" : "string";
    return [schema.env, [key, kind]];
  }),
);

export const ENV_NAMES = Object.keys(ENV);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join("\n  ")}`);
  }
}

function defaults(): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(ConfigSchema.properties) as unknown as [Key, Setting][]) if ("default" in schema) values[key] = structuredClone(schema.default);
  return values;
}

/** The values a setting allows, when it is one of a few words (PARLA_ENGINE, PARLA_LOG_LEVEL…). */
function allowedValues(key: string): string | null {
  const schema = (ConfigSchema.properties as unknown as Record<string, Setting>)[key];
  const literals = ((schema?.anyOf ?? []) as { const?: unknown }[]).map((s) => s.const).filter((c) => typeof c === "string");
  return literals.length > 0 ? literals.join(", ") : null;
}

function parseValue(name: string, raw: string, kind: Kind, problems: string[]): unknown {
  switch (kind) {
    case "string":
      return raw;
    case "int":
      if (!/^\d+$/.test(raw)) problems.push(`${name}: expected a whole number, got "${raw}"`);
      return Number(raw);
    case "bool":
      if (!["0", "1", "true", "false"].includes(raw)) problems.push(`${name}: expected 1 or 0, got "${raw}"`);
      return raw === "1" || raw === "true";
    case "list":
      return raw.split(",").map((s) => s.trim()).filter(Boolean);
  }
}

/** Builds the configuration from an environment map. Throws ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const values = defaults();
  for (const [name, [key, kind]] of Object.entries(ENV)) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    values[key] = parseValue(name, raw, kind, problems);
  }
  for (const name of Object.keys(env)) {
    if (name.startsWith("PARLA_") && !(name in ENV)) problems.push(`${name}: unknown setting (known: see README "Configuration")`);
  }
  Object.assign(values, overrides);
  values.baseUrl ??= `http://localhost:${values.port}`;
  values.webAppUrl ??= values.baseUrl;
  if (values.engine === "openai" && (!values.llmBaseUrl || !values.llmModel)) {
    problems.push("PARLA_ENGINE=openai needs PARLA_LLM_BASE_URL and PARLA_LLM_MODEL");
  }
  if (typeof values.llmBaseUrl === "string" && !/^https?:\/\/[^/?#\s]+/.test(values.llmBaseUrl)) {
    problems.push(`PARLA_LLM_BASE_URL: must be an http(s) URL such as https://api.openai.com/v1 (got ${JSON.stringify(values.llmBaseUrl)})`);
  }
  values.operatorEmails = (values.operatorEmails as string[]).map((e) => e.toLowerCase());
  for (const email of values.operatorEmails as string[]) if (!/^[^\s@]+@[^\s@]+$/.test(email)) problems.push(`PARLA_OPERATOR_EMAILS: "${email}" is not an e-mail address`);
  for (const cidr of values.webhookAllowNetworks as string[]) {
    if (!/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(cidr)) problems.push(`PARLA_WEBHOOK_ALLOW_NETWORKS: "${cidr}" is not a CIDR like 127.0.0.0/8`);
  }
  problems.push(...externalSignInProblems(values, env));
  if (values.backupDir !== null && typeof values.databaseUrl === "string" && !/^file:/.test(values.databaseUrl)) {
    problems.push("PARLA_BACKUP_DIR: scheduled backups copy the embedded database; a libSQL server (sqld, Turso) has its own backups");
  }
  // One problem per setting: the first the schema finds, unless reading its text already failed.
  const reported = new Set(problems.map((p) => p.split(":")[0]));
  for (const error of Value.Errors(ConfigSchema, values)) {
    const key = error.path.slice(1).split("/")[0] ?? "";
    const envName = Object.entries(ENV).find(([, [k]]) => k === key)?.[0] ?? key;
    if (reported.has(envName)) continue;
    reported.add(envName);
    const allowed = allowedValues(key);
    problems.push(allowed ? `${envName}: expected one of ${allowed} (got ${JSON.stringify(error.value)})` : `${envName}: ${error.message} (got ${JSON.stringify(error.value)})`);
  }
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return Object.freeze(structuredClone(values) as Config);
}

/** Loopback hosts, the only ones where an http:// OIDC issuer is accepted (tests, local development). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Why an issuer URL is refused, or null. OIDC Discovery §4 builds the metadata URL from it, so no query or fragment. */
function issuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return "is not a URL";
  }
  if (url.search || url.hash || url.username || url.password) return "must not carry a query, fragment or credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return null;
  return "must be https (http only for loopback hosts such as 127.0.0.1)";
}

/**
 * External sign-in providers are all-or-nothing: a half-configured one (an id without its secret, a
 * name without an issuer) is reported with the other problems instead of silently not appearing.
 */
function externalSignInProblems(values: Record<string, unknown>, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const groups: { label: string; names: string[]; keys: string[] }[] = [
    { label: "generic OIDC sign-in", names: ["PARLA_OIDC_ISSUER", "PARLA_OIDC_CLIENT_ID", "PARLA_OIDC_CLIENT_SECRET"], keys: ["oidcIssuer", "oidcClientId", "oidcClientSecret"] },
    { label: "GitHub sign-in", names: ["PARLA_GITHUB_CLIENT_ID", "PARLA_GITHUB_CLIENT_SECRET"], keys: ["githubClientId", "githubClientSecret"] },
    { label: "Google sign-in", names: ["PARLA_GOOGLE_CLIENT_ID", "PARLA_GOOGLE_CLIENT_SECRET"], keys: ["googleClientId", "googleClientSecret"] },
  ];
  for (const group of groups) {
    const missing = group.names.filter((_, i) => typeof values[group.keys[i]!] !== "string" || values[group.keys[i]!] === "");
    if (missing.length > 0 && missing.length < group.names.length) problems.push(`${group.label} is half-configured: also set ${missing.join(", ")}`);
  }
  if (typeof env.PARLA_OIDC_NAME === "string" && env.PARLA_OIDC_NAME !== "" && values.oidcIssuer === null) problems.push("PARLA_OIDC_NAME is set but PARLA_OIDC_ISSUER is not");
  if (typeof values.oidcName === "string" && /[\u0000-\u001f\u007f]/.test(values.oidcName)) problems.push("PARLA_OIDC_NAME: must not contain control characters");
  if (typeof values.oidcIssuer === "string") {
    const problem = issuerProblem(values.oidcIssuer);
    if (problem) problems.push(`PARLA_OIDC_ISSUER: ${problem} (got ${JSON.stringify(values.oidcIssuer)})`);
  }
  return problems;
}
