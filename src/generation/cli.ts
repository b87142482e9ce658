// `parla engine …`: preview the configured engine from the command line (vocab, plan, tutor; stats
// of the built-in engine's data), so teachers and operators can judge content without the web app,
// and an operator can try a model before switching the server to it. Every command takes --json
// and --help; unknown commands or flags exit 2 with a message; an engine that cannot answer (model
// server unreachable, bad configuration) exits 1 with one line.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { ConfigError, loadConfig } from "../config/config.ts";
import { systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import type { BuiltinEngine } from "./builtin/engine-from-data.ts";
import { dataStats } from "./builtin/data-stats.ts";
import { flag, parseFlags, type FlagSpec } from "./cli-flags.ts";
import { formatSet, formatStats, formatTurn, formatVocabItem } from "./cli-format.ts";
import { DEFAULT_NPC_NAME } from "./builtin/ui-text/lesson-text.ts";
import { AppError } from "../lib/errors.ts";
import { normaliseLang, type Engine } from "./engine.ts";
import { createEngine } from "./engine-from-config.ts";
import { LlmError } from "./llm/llm-errors.ts";
import type { ConversationState, LessonSet, TutorTurnInput, VocabItem } from "./model.ts";

export interface CliDeps {
  /** The engine to preview (default: the one the configuration names, as the server builds it). */
  engine?: Engine;
  out?: (text: string) => void;
  err?: (text: string) => void;
  /** Lines typed by the learner in --interactive mode (default: stdin). */
  input?: AsyncIterable<string>;
}

interface Io {
  engine: () => Promise<Engine>;
  /** The built-in engine, whose data `stats` describes whatever engine is configured. */
  builtin: () => Promise<BuiltinEngine>;
  out: (text: string) => void;
  err: (text: string) => void;
  input: () => AsyncIterable<string>;
}

const PAIR_FLAGS: FlagSpec = {
  from: { kind: "string", alias: "source" },
  to: { kind: "string", alias: "target" },
  level: { kind: "string" },
  json: { kind: "boolean" },
  help: { kind: "boolean" },
};
const NPC_FLAGS: FlagSpec = { "npc-name": { kind: "string" }, "npc-persona": { kind: "string" } };

const COMMANDS = {
  stats: { flags: { json: { kind: "boolean" }, help: { kind: "boolean" } } as FlagSpec, usage: "parla engine stats [--json]\n  Concepts, topics, phrases, grammar points and scenarios, per level, topic and language." },
  vocab: {
    flags: { ...PAIR_FLAGS, topic: { kind: "string" }, count: { kind: "string" }, exclude: { kind: "string", repeatable: true } } as FlagSpec,
    usage: "parla engine vocab --from en --to es --level 2 [--topic TEXT] [--count 1..50] [--exclude ID,ID…] [--json]\n  A vocabulary list at the level (default 20 items).",
  },
  plan: {
    flags: { ...PAIR_FLAGS, ...NPC_FLAGS, topic: { kind: "string" }, scene: { kind: "string" } } as FlagSpec,
    usage: "parla engine plan --from en --to es --level 2 (--topic TEXT | --scene TEXT) [--npc-name N] [--npc-persona P] [--json]\n  A whole lesson plan, set by set.",
  },
  tutor: {
    flags: { ...PAIR_FLAGS, ...NPC_FLAGS, scene: { kind: "string" }, message: { kind: "string" }, state: { kind: "string" }, interactive: { kind: "boolean" } } as FlagSpec,
    usage:
      "parla engine tutor --from en --to es --level 2 [--scene TEXT] [--npc-name N] [--npc-persona P]\n" +
      "                   (--message TEXT [--state FILE] | --interactive) [--json]\n" +
      "  One tutor turn (--state keeps the conversation in FILE between calls), or a session on stdin.",
  },
} as const;

type Command = keyof typeof COMMANDS;

const TOP_USAGE = `Usage: parla engine <command> [flags]\n\nCommands:\n${Object.values(COMMANDS)
  .map((c) => `  ${c.usage.split("\n")[0]}`)
  .join("\n")}\n\nEvery command accepts --help and --json.`;

class UsageError extends Error {}

function pairInput(values: Map<string, string[]>) {
  const level = flag(values, "level");
  return { source_lang: flag(values, "from") ?? "", target_lang: flag(values, "to") ?? "", level: level === undefined ? Number.NaN : Number(level) };
}

function npcInput(values: Map<string, string[]>) {
  const name = flag(values, "npc-name");
  const persona = flag(values, "npc-persona");
  if (name === undefined && persona !== undefined) throw new UsageError("--npc-persona needs --npc-name");
  return name === undefined ? {} : { npc: { name, ...(persona === undefined ? {} : { persona }) } };
}

async function stats(values: Map<string, string[]>, io: Io): Promise<number> {
  const s = dataStats((await io.builtin()).index());
  io.out(values.has("json") ? JSON.stringify(s) : formatStats(s));
  return 0;
}

async function vocab(values: Map<string, string[]>, io: Io): Promise<number> {
  const count = flag(values, "count");
  const exclude = (values.get("exclude") ?? []).flatMap((v) => v.split(",")).map((s) => s.trim()).filter(Boolean);
  const items: VocabItem[] = [];
  const stream = (await io.engine()).vocabulary({
    ...pairInput(values),
    ...(flag(values, "topic") === undefined ? {} : { topic: flag(values, "topic") }),
    ...(count === undefined ? {} : { count: Number(count) }),
    ...(exclude.length > 0 ? { exclude } : {}),
  });
  for await (const item of stream) {
    items.push(item);
    if (!values.has("json")) io.out(formatVocabItem(item, items.length));
  }
  if (values.has("json")) io.out(JSON.stringify({ items }));
  return 0;
}

async function plan(values: Map<string, string[]>, io: Io): Promise<number> {
  const topic = flag(values, "topic");
  const scene = flag(values, "scene");
  const sets: LessonSet[] = [];
  const stream = (await io.engine()).lessonPlan({ ...pairInput(values), ...(topic === undefined ? {} : { topic }), ...(scene === undefined ? {} : { scene }), ...npcInput(values) });
  for await (const set of stream) {
    sets.push(set);
    if (!values.has("json")) io.out(`${formatSet(set)}\n`);
  }
  if (values.has("json")) io.out(JSON.stringify({ sets }));
  return 0;
}

function readState(file: string | undefined): ConversationState | null {
  if (!file || !existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as ConversationState;
  } catch {
    throw new UsageError(`--state ${file} is not a conversation state written by this command`);
  }
}

async function tutor(values: Map<string, string[]>, io: Io): Promise<number> {
  const interactive = values.has("interactive");
  const message = flag(values, "message");
  if (interactive === (message !== undefined)) throw new UsageError("give exactly one of --message and --interactive");
  const scene = flag(values, "scene");
  const base = { ...pairInput(values), ...(scene === undefined ? {} : { scene }), ...npcInput(values) };
  const target = normaliseLang(base.target_lang);
  const npcName = base.npc?.name ?? (target ? DEFAULT_NPC_NAME[target] : "NPC");
  const turn = async (text: string, conversation: ConversationState | null) => {
    const result = await (await io.engine()).tutorTurn({ ...base, message: text, conversation } as TutorTurnInput);
    io.out(values.has("json") ? JSON.stringify(result) : `${formatTurn(result, npcName)}\n`);
    return result.conversation;
  };
  if (message !== undefined) {
    const file = flag(values, "state");
    const next = await turn(message, readState(file));
    if (file) writeFileSync(file, JSON.stringify(next));
    return 0;
  }
  if (!values.has("json")) io.out("Type your message and press Enter; an empty line or /quit ends the session.");
  let conversation: ConversationState | null = null;
  for await (const line of io.input()) {
    const text = line.trim();
    if (text === "" || text === "/quit") break;
    try {
      conversation = await turn(text, conversation);
    } catch (e) {
      if (e instanceof LlmError) io.err(`error: ${e.detail}`);
      else if (e instanceof AppError) io.err(`error: ${e.param}: ${e.message}`);
      else throw e;
    }
  }
  return 0;
}

/** The engine the server would use. Its log goes to stderr, and only at debug level: a preview prints its result and, on failure, one line. */
function configuredEngine(): Promise<Engine> {
  const config = loadConfig();
  const log = createLogger(config.logLevel === "debug" ? "debug" : "silent", { command: "engine" }, (line) => process.stderr.write(`${line}\n`));
  return createEngine(config, { log, clock: systemClock });
}

const RUN: Record<Command, (values: Map<string, string[]>, io: Io) => Promise<number>> = { stats, vocab, plan, tutor };

async function* stdinLines(): AsyncIterable<string> {
  for await (const line of console) yield line;
}

export async function runEngineCommand(args: string[], deps: CliDeps = {}): Promise<number> {
  let configured: Promise<Engine> | null = null;
  const io: Io = {
    // Built on first use, so `--help` and usage errors answer without configuration or data.
    engine: async () => deps.engine ?? (configured ??= configuredEngine()),
    builtin: async () => (deps.engine && "index" in deps.engine ? (deps.engine as BuiltinEngine) : (await import("./builtin/index.ts")).createBuiltinEngine()),
    out: deps.out ?? ((text) => console.log(text)),
    err: deps.err ?? ((text) => console.error(text)),
    input: () => deps.input ?? stdinLines(),
  };
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "help") {
    (name === undefined ? io.err : io.out)(TOP_USAGE);
    return name === undefined ? 2 : 0;
  }
  if (!(name in COMMANDS)) {
    io.err(`unknown engine command "${name}"\n\n${TOP_USAGE}`);
    return 2;
  }
  const command = COMMANDS[name as Command];
  const parsed = parseFlags(rest, command.flags);
  if (!parsed.ok || parsed.positional.length > 0) {
    io.err(`${parsed.ok ? `unexpected argument "${parsed.positional[0]}"` : parsed.error}\n\nUsage: ${command.usage}`);
    return 2;
  }
  if (parsed.values.has("help")) {
    io.out(`Usage: ${command.usage}`);
    return 0;
  }
  try {
    return await RUN[name as Command](parsed.values, io);
  } catch (e) {
    // An LlmError is an AppError too (a 503 to API callers); the operator gets its detail.
    if (e instanceof LlmError) {
      io.err(`error: ${e.detail}`);
      return 1;
    }
    if (e instanceof AppError) {
      io.err(`error: ${e.param}: ${e.message}`);
      return 2;
    }
    if (e instanceof UsageError) {
      io.err(`${e.message}\n\nUsage: ${command.usage}`);
      return 2;
    }
    if (e instanceof ConfigError) {
      io.err(`error: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
