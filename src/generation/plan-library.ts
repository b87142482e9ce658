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
// An entry either carries its sets or names the plan whose committed sets they are (schema.ts); one
// statement reads either kind, a set per row for an entry by plan.
const LIBRARY_SETS = `SELECT l.sets, l.plan_id, s."set" AS plan_set FROM plan_library l LEFT JOIN plan_sets s ON l.plan_id IS NOT NULL AND l.sets = '[]' AND s.plan_id = l.plan_id WHERE l.key = ? ORDER BY s.idx`;
const NOTE_USE = "UPDATE plan_library SET uses = uses + 1, last_used_at = ? WHERE key = ?";
/** An entry that serves nothing: it names a plan whose sets are no longer stored. */
const DANGLING = `plan_library.sets = '[]' AND NOT EXISTS (SELECT 1 FROM plan_sets WHERE plan_sets.plan_id = plan_library.plan_id)`;
const KEEP =
  `INSERT INTO plan_library (key, engine, input, sets, plan_id, uses, created_at) VALUES (?, ?, ?, '[]', ?, 0, ?) ` +
  `ON CONFLICT (key) DO UPDATE SET engine = excluded.engine, input = excluded.input, sets = '[]', plan_id = excluded.plan_id, created_at = excluded.created_at WHERE ${DANGLING}`;

/**
 * A library entry that serves: its sets, and the plan that holds them (`planId`) for an entry by
 * plan — a plan served from it refers to that plan's sets (lesson_plans.sets_of) — or null for an
 * imported entry, which carries its sets itself.
 */
export interface LibraryHit {
  sets: LessonSet[];
  planId: string | null;
}

/** The entry stored under `key`, or null when there is none that serves. */
export async function findInLibrary(db: SqlHandle, key: string): Promise<LibraryHit | null> {
  const { rows } = await executorOf(db).execute({ sql: LIBRARY_SETS, args: [key] });
  if (rows.length === 0) return null;
  if (rows[0]!.sets !== "[]") return { sets: JSON.parse(String(rows[0]!.sets)) as LessonSet[], planId: null };
  // By plan: no set row means the plan is gone, and the entry serves nothing.
  if (rows[0]!.plan_set === null) return null;
  return { sets: rows.map((r) => JSON.parse(String(r.plan_set)) as LessonSet), planId: String(rows[0]!.plan_id) };
}

const ADOPT = "UPDATE plan_library SET sets = '[]', plan_id = ? WHERE key = ? AND plan_id IS NULL AND sets <> '[]' AND EXISTS (SELECT 1 FROM plan_sets WHERE plan_id = ?)";

/**
 * An imported entry becomes an entry by plan once a plan here holds its sets (`planId`, which was
 * served from it and stored them as its own): the entry's copy is dropped, and later plans refer to
 * that plan's sets. Call it in the transaction that stores the plan's sets.
 */
export async function adoptLibraryEntry(db: SqlHandle, key: string, planId: string): Promise<void> {
  await executorOf(db).execute({ sql: ADOPT, args: [planId, key, planId] });
}

export async function noteLibraryUse(db: SqlHandle, key: string, nowMs: number): Promise<void> {
  await executorOf(db).execute({ sql: NOTE_USE, args: [nowMs, key] });
}

/**
 * Keeps a finished plan as the entry for its key, by reference: the plan's committed sets are the
 * entry's (no second copy of them is written). The first plan finished under a key stays (the
 * engine is deterministic), unless its plan is gone; call it in the transaction that completes the plan.
 */
export async function keepInLibrary(db: SqlHandle, nowMs: number, entry: { key: string; engine: string; input: LessonPlanInput; planId: string }): Promise<void> {
  await executorOf(db).execute({ sql: KEEP, args: [entry.key, entry.engine, JSON.stringify(entry.input), entry.planId, nowMs] });
}

/** An entry's sets whichever way it keeps them; null for an entry that serves nothing. */
async function entrySets(db: DbOrTx, row: { sets: LessonSet[]; planId: string | null }): Promise<LessonSet[] | null> {
  if (row.sets.length > 0 || row.planId === null) return row.sets.length > 0 ? row.sets : null;
  const { rows } = await executorOf(db).execute({ sql: `SELECT "set" FROM plan_sets WHERE plan_id = CAST(? AS TEXT) ORDER BY idx`, args: [row.planId] });
  return rows.length === 0 ? null : rows.map((r) => JSON.parse(String(r.set)) as LessonSet);
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
    .where(sql`NOT (${sql.raw(DANGLING)})`)
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
    for (const r of rows) {
      const sets = await entrySets(db, r);
      if (sets) yield { key: r.key, engine: r.engine, input: r.input, sets, uses: r.uses, created_at: new Date(r.createdAt).toISOString() };
    }
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
  // A present entry stays, unless it serves nothing (its plan is gone): then the line replaces it.
  const r = await db
    .insert(planLibrary)
    .values({ key, engine, input: canonicalInput(request), sets: sets as LessonSet[], uses: 0, createdAt: nowMs })
    .onConflictDoUpdate({ target: planLibrary.key, set: { engine, input: canonicalInput(request), sets: sets as LessonSet[], planId: null, createdAt: nowMs }, setWhere: sql.raw(DANGLING) })
    .returning({ key: planLibrary.key });
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
