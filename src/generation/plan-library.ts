// The plan library (spec 3.1, 2.7): the sets of every finished plan kept under a normalised key of
// its request — engine and engine-data version, languages, level, normalised topic or scene, NPC —
// so that the same request is answered from storage instead of generating again. Operators see,
// move and curate it with `parla admin library stats|export|import|purge` (JSON lines).
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../store/open-store.ts";
import { executorOf, type SqlHandle } from "../store/raw-sql.ts";
import { parseLessonPlanInput, type LessonPlanRequest } from "./engine-input.ts";
import type { LessonPlanInput, LessonSet } from "./model.ts";
import { planLibrary } from "./schema.ts";

/** Folds what does not change the lesson: case, spacing, Unicode composition. */
export function normaliseText(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/\s+/gu, " ").trim();
}

/** The stored form of a checked request: what a plan keeps and the library is keyed on. */
export function canonicalInput(request: LessonPlanRequest): LessonPlanInput {
  const input: LessonPlanInput = { source_lang: request.source, target_lang: request.target, level: request.level };
  if (request.subject.kind === "topic") input.topic = request.subject.text;
  else input.scene = request.subject.text;
  if (request.npc) input.npc = request.npc.persona === null ? { name: request.npc.name } : { name: request.npc.name, persona: request.npc.persona };
  return input;
}

/** The library key of a request made with this engine version. */
export function libraryKey(engineVersion: string, request: LessonPlanRequest): string {
  const parts = [
    engineVersion,
    request.source,
    request.target,
    String(request.level),
    request.subject.kind,
    normaliseText(request.subject.text),
    request.npc ? normaliseText(request.npc.name) : "",
    request.npc?.persona ? normaliseText(request.npc.persona) : "",
  ];
  return encodeHexLowerCase(sha256(new TextEncoder().encode(JSON.stringify(parts))));
}

/**
 * Names the engine and the version of its data, so that a library entry made by other data is
 * never served. The built-in engine's version is a digest of its embedded data, computed once per
 * process on first use.
 */
export class EngineVersion {
  private value: Promise<string> | null = null;
  constructor(private readonly config: { engine: string; llmModel?: string | null }) {}

  get(): Promise<string> {
    return (this.value ??= this.compute());
  }

  private async compute(): Promise<string> {
    // An LLM's plans are kept per model: another model is another engine.
    if (this.config.engine !== "builtin") return `${this.config.engine}:${this.config.llmModel ?? ""}`;
    const { EMBEDDED_DATA } = await import("./builtin/embedded-data.ts");
    return `builtin@${encodeHexLowerCase(sha256(new TextEncoder().encode(JSON.stringify(EMBEDDED_DATA)))).slice(0, 16)}`;
  }
}

// Plain SQL: the plan job looks the library up once per plan and writes to it once per plan.
const LIBRARY_SETS = "SELECT sets FROM plan_library WHERE key = ?";
const NOTE_USE = "UPDATE plan_library SET uses = uses + 1, last_used_at = ? WHERE key = ?";
const KEEP = "INSERT INTO plan_library (key, engine, input, sets, uses, created_at) VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT (key) DO NOTHING";

export async function findInLibrary(db: SqlHandle, key: string): Promise<LessonSet[] | null> {
  const { rows } = await executorOf(db).execute({ sql: LIBRARY_SETS, args: [key] });
  return rows.length === 0 ? null : (JSON.parse(String(rows[0]!.sets)) as LessonSet[]);
}

export async function noteLibraryUse(db: SqlHandle, key: string, nowMs: number): Promise<void> {
  await executorOf(db).execute({ sql: NOTE_USE, args: [nowMs, key] });
}

/**
 * Keeps a finished plan's sets; the first plan finished under a key stays (the engine is
 * deterministic). `setsJson` is the sets as a JSON array: the plan job has each set's JSON already.
 */
export async function keepInLibrary(db: SqlHandle, nowMs: number, entry: { key: string; engine: string; input: LessonPlanInput; setsJson: string }): Promise<void> {
  await executorOf(db).execute({ sql: KEEP, args: [entry.key, entry.engine, JSON.stringify(entry.input), entry.setsJson, nowMs] });
}

export interface LibraryStats {
  entries: number;
  uses: number;
  by_engine: { engine: string; entries: number; uses: number }[];
  current_engine: string;
}

export async function libraryStats(db: DbOrTx, currentEngine: string): Promise<LibraryStats> {
  const rows = await db
    .select({ engine: planLibrary.engine, entries: sql<number>`count(*)`, uses: sql<number>`coalesce(sum(${planLibrary.uses}), 0)` })
    .from(planLibrary)
    .groupBy(planLibrary.engine);
  const byEngine = rows.map((r) => ({ engine: r.engine, entries: Number(r.entries), uses: Number(r.uses) }));
  return { entries: byEngine.reduce((n, r) => n + r.entries, 0), uses: byEngine.reduce((n, r) => n + r.uses, 0), by_engine: byEngine, current_engine: currentEngine };
}

/** One exported entry: one JSON line each. */
export interface LibraryLine {
  key: string;
  engine: string;
  input: LessonPlanInput;
  sets: LessonSet[];
  uses: number;
  created_at: string;
}

export async function* exportLibrary(db: DbOrTx, pageSize = 200): AsyncGenerator<LibraryLine> {
  let after = "";
  for (;;) {
    const rows = await db.select().from(planLibrary).where(sql`${planLibrary.key} > ${after}`).orderBy(planLibrary.key).limit(pageSize);
    for (const r of rows) yield { key: r.key, engine: r.engine, input: r.input, sets: r.sets, uses: r.uses, created_at: new Date(r.createdAt).toISOString() };
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.key;
  }
}

export type ImportOutcome = { kind: "imported" } | { kind: "present" } | { kind: "refused"; reason: string };

/**
 * Imports one exported line. The key is recomputed from the line's engine and input, never taken
 * on trust, so an edited input cannot be served under another request's key.
 */
export async function importLibraryLine(db: DbOrTx, nowMs: number, line: unknown): Promise<ImportOutcome> {
  if (typeof line !== "object" || line === null) return { kind: "refused", reason: "not a JSON object" };
  const { engine, input, sets } = line as Partial<LibraryLine>;
  if (typeof engine !== "string" || engine === "") return { kind: "refused", reason: "engine must be a non-empty string" };
  let request: LessonPlanRequest;
  try {
    request = parseLessonPlanInput(input);
  } catch (error) {
    return { kind: "refused", reason: `input: ${error instanceof Error ? error.message : String(error)}` };
  }
  const setsOk =
    Array.isArray(sets) && sets.length > 0 && sets.every((s, i) => typeof s === "object" && s !== null && (s as { index?: unknown }).index === i + 1 && typeof (s as { kind?: unknown }).kind === "string");
  if (!setsOk) return { kind: "refused", reason: "sets must be the plan's sets in order (index 1, 2, …)" };
  const key = libraryKey(engine, request);
  const r = await db.insert(planLibrary).values({ key, engine, input: canonicalInput(request), sets: sets as LessonSet[], uses: 0, createdAt: nowMs }).onConflictDoNothing().returning({ key: planLibrary.key });
  return r.length === 1 ? { kind: "imported" } : { kind: "present" };
}

export type PurgeWhat = { kind: "all" } | { kind: "key"; key: string } | { kind: "stale"; currentEngine: string } | { kind: "unused_before"; beforeMs: number };

export async function purgeLibrary(db: DbOrTx, what: PurgeWhat): Promise<number> {
  const where =
    what.kind === "all"
      ? undefined
      : what.kind === "key"
        ? eq(planLibrary.key, what.key)
        : what.kind === "stale"
          ? ne(planLibrary.engine, what.currentEngine)
          : and(lt(sql`coalesce(${planLibrary.lastUsedAt}, ${planLibrary.createdAt})`, what.beforeMs));
  const r = await db.delete(planLibrary).where(where).returning({ key: planLibrary.key });
  return r.length;
}
