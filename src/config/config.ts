// Configuration: documented defaults → PARLA_* environment → validated → frozen (DESIGN §5).
// This module is the only reader of process.env; everything else receives a Config.
import { Type as T, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

const Positive = (def: number, min = 1, max = 10_000_000) => T.Integer({ minimum: min, maximum: max, default: def });

const ConfigSchema = T.Object({
  databaseUrl: T.String({ minLength: 1 }),
  databaseAuthToken: T.Union([T.String(), T.Null()]),
  host: T.String({ minLength: 1 }),
  port: T.Integer({ minimum: 0, maximum: 65535 }),
  baseUrl: T.String({ pattern: "^https?://[^/?#]+(/[^?#]*[^/?#])?$" }),
  webAppUrl: T.String({ pattern: "^https?://[^/?#]+(/[^?#]*[^/?#])?$" }),
  secretKey: T.Union([T.String({ minLength: 32 }), T.Null()]),
  engine: T.Union([T.Literal("builtin"), T.Literal("openai")]),
  llmBaseUrl: T.Union([T.String(), T.Null()]),
  llmApiKey: T.Union([T.String(), T.Null()]),
  llmModel: T.Union([T.String(), T.Null()]),
  llmFallback: T.Union([T.Literal("none"), T.Literal("builtin")]),
  llmTimeoutSeconds: Positive(60, 1, 600),
  llmMaxRetries: Positive(2, 0, 10),
  smtpUrl: T.Union([T.String(), T.Null()]),
  mailFrom: T.String(),
  logLevel: T.Union([T.Literal("debug"), T.Literal("info"), T.Literal("warn"), T.Literal("error"), T.Literal("silent")]),
  devClock: T.Boolean(),
  webhookAllowNetworks: T.Array(T.String()),
  /** Users (by e-mail) who see the operator pages: the mail outbox and the model usage. */
  operatorEmails: T.Array(T.String()),
  webhookCaFile: T.Union([T.String(), T.Null()]),
  streamMaxSeconds: Positive(300, 1, 86_400),
  streamHeartbeatSeconds: Positive(15, 1, 3600),
  rateLimitTokenPerAddressPerMinute: Positive(120),
  rateLimitTokenPerClientPerHour: Positive(120),
  rateLimitSigninPerAddressPerMinute: Positive(20),
  rateLimitApiPerClientPerMinute: Positive(6000),
  rateLimitClientSecretFailuresPerHour: Positive(20),
  freeAllowanceCredits: Positive(300, 0),
  paidAllowanceCredits: Positive(10_000, 0),
  metricsToken: T.Union([T.String({ minLength: 16 }), T.Null()]),
  backupDir: T.Union([T.String({ minLength: 1 }), T.Null()]),
  backupEveryHours: Positive(24, 1, 24 * 365),
  backupKeep: Positive(7, 1, 10_000),
  // Optional external sign-in (OpenID Connect, OAuth 2.0 RFC 6749): each provider is either fully configured or absent.
  oidcIssuer: T.Union([T.String(), T.Null()]),
  oidcClientId: T.Union([T.String(), T.Null()]),
  oidcClientSecret: T.Union([T.String(), T.Null()]),
  oidcName: T.String({ minLength: 1, maxLength: 60 }),
  githubClientId: T.Union([T.String(), T.Null()]),
  githubClientSecret: T.Union([T.String(), T.Null()]),
  googleClientId: T.Union([T.String(), T.Null()]),
  googleClientSecret: T.Union([T.String(), T.Null()]),
});

export type Config = Readonly<Static<typeof ConfigSchema>>;

/** Each environment variable, the config key it sets, and how its text becomes a value. */
const ENV: Record<string, [keyof Static<typeof ConfigSchema>, "string" | "int" | "bool" | "list"]> = {
  PARLA_DATABASE_URL: ["databaseUrl", "string"],
  PARLA_DATABASE_AUTH_TOKEN: ["databaseAuthToken", "string"],
  PARLA_HOST: ["host", "string"],
  PARLA_PORT: ["port", "int"],
  PARLA_BASE_URL: ["baseUrl", "string"],
  PARLA_WEB_APP_URL: ["webAppUrl", "string"],
  PARLA_SECRET_KEY: ["secretKey", "string"],
  PARLA_ENGINE: ["engine", "string"],
  PARLA_LLM_BASE_URL: ["llmBaseUrl", "string"],
  PARLA_LLM_API_KEY: ["llmApiKey", "string"],
  PARLA_LLM_MODEL: ["llmModel", "string"],
  PARLA_LLM_FALLBACK: ["llmFallback", "string"],
  PARLA_LLM_TIMEOUT_SECONDS: ["llmTimeoutSeconds", "int"],
  PARLA_LLM_MAX_RETRIES: ["llmMaxRetries", "int"],
  PARLA_SMTP_URL: ["smtpUrl", "string"],
  PARLA_MAIL_FROM: ["mailFrom", "string"],
  PARLA_LOG_LEVEL: ["logLevel", "string"],
  PARLA_DEV_CLOCK: ["devClock", "bool"],
  PARLA_WEBHOOK_ALLOW_NETWORKS: ["webhookAllowNetworks", "list"],
  PARLA_OPERATOR_EMAILS: ["operatorEmails", "list"],
  PARLA_WEBHOOK_CA_FILE: ["webhookCaFile", "string"],
  PARLA_STREAM_MAX_SECONDS: ["streamMaxSeconds", "int"],
  PARLA_STREAM_HEARTBEAT_SECONDS: ["streamHeartbeatSeconds", "int"],
  PARLA_RATE_LIMIT_TOKEN_PER_ADDRESS_PER_MINUTE: ["rateLimitTokenPerAddressPerMinute", "int"],
  PARLA_RATE_LIMIT_TOKEN_PER_CLIENT_PER_HOUR: ["rateLimitTokenPerClientPerHour", "int"],
  PARLA_RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_MINUTE: ["rateLimitSigninPerAddressPerMinute", "int"],
  PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE: ["rateLimitApiPerClientPerMinute", "int"],
  PARLA_RATE_LIMIT_CLIENT_SECRET_FAILURES_PER_HOUR: ["rateLimitClientSecretFailuresPerHour", "int"],
  PARLA_FREE_ALLOWANCE_CREDITS: ["freeAllowanceCredits", "int"],
  PARLA_PAID_ALLOWANCE_CREDITS: ["paidAllowanceCredits", "int"],
  PARLA_METRICS_TOKEN: ["metricsToken", "string"],
  PARLA_BACKUP_DIR: ["backupDir", "string"],
  PARLA_BACKUP_EVERY_HOURS: ["backupEveryHours", "int"],
  PARLA_BACKUP_KEEP: ["backupKeep", "int"],
  PARLA_OIDC_ISSUER: ["oidcIssuer", "string"],
  PARLA_OIDC_CLIENT_ID: ["oidcClientId", "string"],
  PARLA_OIDC_CLIENT_SECRET: ["oidcClientSecret", "string"],
  PARLA_OIDC_NAME: ["oidcName", "string"],
  PARLA_GITHUB_CLIENT_ID: ["githubClientId", "string"],
  PARLA_GITHUB_CLIENT_SECRET: ["githubClientSecret", "string"],
  PARLA_GOOGLE_CLIENT_ID: ["googleClientId", "string"],
  PARLA_GOOGLE_CLIENT_SECRET: ["googleClientSecret", "string"],
};

export const ENV_NAMES = Object.keys(ENV);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join("\n  ")}`);
  }
}

function defaults(): Record<string, unknown> {
  return {
    databaseUrl: "file:./parla-data/parla.db",
    databaseAuthToken: null,
    host: "0.0.0.0",
    port: 8080,
    secretKey: null,
    engine: "builtin",
    llmBaseUrl: null,
    llmApiKey: null,
    llmModel: null,
    llmFallback: "none",
    llmTimeoutSeconds: 60,
    llmMaxRetries: 2,
    smtpUrl: null,
    mailFrom: "Parla <parla@localhost>",
    logLevel: "info",
    devClock: false,
    webhookAllowNetworks: [],
    operatorEmails: [],
    webhookCaFile: null,
    streamMaxSeconds: 300,
    streamHeartbeatSeconds: 15,
    rateLimitTokenPerAddressPerMinute: 120,
    rateLimitTokenPerClientPerHour: 120,
    rateLimitSigninPerAddressPerMinute: 20,
    rateLimitApiPerClientPerMinute: 6000,
    rateLimitClientSecretFailuresPerHour: 20,
    freeAllowanceCredits: 300,
    paidAllowanceCredits: 10_000,
    metricsToken: null,
    backupDir: null,
    backupEveryHours: 24,
    backupKeep: 7,
    oidcIssuer: null,
    oidcClientId: null,
    oidcClientSecret: null,
    oidcName: "Single sign-on",
    githubClientId: null,
    githubClientSecret: null,
    googleClientId: null,
    googleClientSecret: null,
  };
}

function parseValue(name: string, raw: string, kind: "string" | "int" | "bool" | "list", problems: string[]): unknown {
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
  for (const error of Value.Errors(ConfigSchema, values)) {
    const key = error.path.slice(1).split("/")[0] ?? "";
    const envName = Object.entries(ENV).find(([, [k]]) => k === key)?.[0] ?? key;
    problems.push(`${envName}: ${error.message} (got ${JSON.stringify(error.value)})`);
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
