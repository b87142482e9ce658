// JSON lines on stdout. Every string passes through redact(), so a secret that reaches a log call
// by mistake still never reaches the log (spec: no secret in logs).

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
  /** Whether lines of this level are written: a caller can skip building fields nobody reads. */
  enabled(level: Exclude<LogLevel, "silent">): boolean;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_PATTERN = /\b(parla_(?:cs|at|rt|ac|whsec)_)[A-Za-z0-9_+/=-]+/g;
const SECRET_KEYS = /pass(word)?|secret|token|authorization|cookie|code_verifier|api_key/i;

export function redact(value: string): string {
  return value.replace(SECRET_PATTERN, "$1[redacted]");
}

function clean(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (SECRET_KEYS.test(key) && typeof value === "string") out[key] = "[redacted]";
    else if (typeof value === "string") out[key] = redact(value);
    else if (value instanceof Error) out[key] = redact(value.message);
    else out[key] = value;
  }
  return out;
}

export function createLogger(level: LogLevel = "info", base: LogFields = {}, write: (line: string) => void = (l) => process.stdout.write(l + "\n")): Logger {
  const threshold = ORDER[level];
  const emit = (lvl: Exclude<LogLevel, "silent">, event: string, fields?: LogFields) => {
    if (ORDER[lvl] < threshold) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, event, ...clean(base), ...(fields ? clean(fields) : {}) }));
  };
  return {
    debug: (e, f) => emit("debug", e, f),
    info: (e, f) => emit("info", e, f),
    warn: (e, f) => emit("warn", e, f),
    error: (e, f) => emit("error", e, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
    enabled: (lvl) => ORDER[lvl] >= threshold,
  };
}

export const silentLogger: Logger = createLogger("silent");
