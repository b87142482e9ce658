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
  return value.includes("parla_") ? value.replace(SECRET_PATTERN, "$1[redacted]") : value;
}

/** Copies `fields` into `out`, redacted; returns `out`. */
function cleanInto(out: LogFields, fields: LogFields): LogFields {
  for (const key in fields) {
    const value = fields[key];
    if (value === undefined) continue;
    if (typeof value === "string") out[key] = SECRET_KEYS.test(key) ? "[redacted]" : redact(value);
    else if (value instanceof Error) out[key] = redact(value.message);
    else out[key] = value;
  }
  return out;
}

const clean = (fields: LogFields): LogFields => cleanInto({}, fields);

/** The ISO time of now, formatted once per millisecond (a busy server logs many lines in one). */
let isoMs = -1;
let isoText = "";
function isoNow(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/**
 * The process's stdout as a line writer: lines logged in one event-loop turn go out in one write at
 * its end (setImmediate), or at once past 512 lines, and whatever is pending when the process
 * exits. A write per line cost 6.6 µs against 2.3 µs batched (100,000 request lines to a file), a
 * tenth of a trivial request's time at the default level. One writer per process: stdout is one.
 */
let stdoutWriter: ((line: string) => void) | null = null;
function stdoutLines(): (line: string) => void {
  if (stdoutWriter) return stdoutWriter;
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join("\n") + "\n";
    pending = [];
    process.stdout.write(text);
  };
  process.once("exit", flush);
  stdoutWriter = (line) => {
    pending.push(line);
    if (pending.length >= 512) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return stdoutWriter;
}

export function createLogger(level: LogLevel = "info", base: LogFields = {}, write: (line: string) => void = stdoutLines()): Logger {
  const threshold = ORDER[level];
  const cleanBase = clean(base);
  const emit = (lvl: Exclude<LogLevel, "silent">, event: string, fields?: LogFields) => {
    if (ORDER[lvl] < threshold) return;
    const line: LogFields = { time: isoNow(), level: lvl, event };
    for (const key in cleanBase) line[key] = cleanBase[key];
    write(JSON.stringify(fields ? cleanInto(line, fields) : line));
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
