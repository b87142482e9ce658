// The Learn page's history (list-history-schema.ts): a list is recorded in the transaction that
// pays for it and saves its words, so the history holds exactly the lists the learner was given.
import { and, desc, eq } from "drizzle-orm";
import type { VocabItem } from "../generation/model.ts";
import { newRowId } from "../lib/secrets.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { learnLists } from "./list-history-schema.ts";

export interface ListRequest {
  sourceLang: string;
  targetLang: string;
  level: number;
  topic: string;
}

export type PastList = ListRequest & { id: string; items: VocabItem[]; createdAt: number };

/** How many past lists the Learn page shows. */
export const HISTORY_SHOWN = 20;

export async function recordList(tx: DbOrTx, userId: string, nowMs: number, request: ListRequest, items: VocabItem[]): Promise<string> {
  const id = `ll_${newRowId(nowMs)}`;
  await tx.insert(learnLists).values({ id, userId, ...request, items, createdAt: nowMs });
  return id;
}

/** The learner's lists, newest first. */
export async function listsOf(db: DbOrTx, userId: string, limit = HISTORY_SHOWN): Promise<PastList[]> {
  return db.select().from(learnLists).where(eq(learnLists.userId, userId)).orderBy(desc(learnLists.createdAt), desc(learnLists.id)).limit(limit);
}

/** One of the learner's lists; another learner's is as absent as a missing one. */
export async function pastListOf(db: DbOrTx, userId: string, id: string): Promise<PastList | null> {
  const [row] = await db.select().from(learnLists).where(and(eq(learnLists.id, id), eq(learnLists.userId, userId)));
  return row ?? null;
}
