// Tutor turns (spec 1.1, 5.5; DESIGN §8): conversations stored per account with every turn kept,
// each optionally tied to a scene, an NPC and a lesson plan of the account. The engine is
// stateless; its conversation state lives here between turns.
import { and, eq, sql } from "drizzle-orm";
import type { CoreDeps } from "../config/core-deps.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { newSecret } from "../lib/secrets.ts";
import type { DbOrTx } from "../store/open-store.ts";
import type { TutorMessageBody, TutorReply } from "./api-model.ts";
import type { Engine } from "./engine.ts";
import { parseTutorInput } from "./engine-input.ts";
import type { ConversationState } from "./model.ts";
import { findPlanRow, setsOf, type PlanOwner } from "./plans-service.ts";
import { conversations, conversationTurns } from "./schema.ts";

/** Spec 5.5: tutor:converse requires a paid plan — 403 paid_plan_required (DESIGN §4), before anything is spent. */
export async function requirePaidPlan(db: DbOrTx, accountId: string): Promise<void> {
  const [row] = await db.all<{ plan: string }>(sql`SELECT plan FROM accounts WHERE id = ${accountId}`);
  if (row?.plan !== "paid") throw new AppError(403, "paid_plan_required", "tutor conversations need a paid plan; upgrade the account's plan");
}

/** The text rules of a tutor message and its scene and NPC, checked before anything is spent. */
export function checkTutorBody(body: TutorMessageBody): void {
  parseTutorInput({ message: body.message, source_lang: body.source_lang, target_lang: body.target_lang, level: body.level, scene: body.scene, npc: body.npc });
}

type ConversationRow = typeof conversations.$inferSelect;

/**
 * One turn: the engine's reply, then the turn stored and paid for (`pay`, billing's spendIn) in one
 * transaction — a refusal (402) stores nothing, and a crash never leaves a turn unpaid or a credit
 * without its turn (spec 5.6).
 */
export async function tutorMessage(deps: CoreDeps & { engine: Engine }, owner: PlanOwner, body: TutorMessageBody, pay: (tx: DbOrTx) => Promise<unknown>): Promise<TutorReply> {
  const db = deps.store.db;
  let conversation: ConversationRow | null = null;
  if (body.conversation_id !== undefined) {
    const [row] = await db.select().from(conversations).where(eq(conversations.id, body.conversation_id));
    if (!row || row.accountId !== owner.accountId || (owner.userId !== null && row.userId !== owner.userId)) throw notFound("conversation");
    conversation = row;
  }
  const planId = body.plan_id ?? conversation?.planId ?? null;
  const plan = planId === null ? null : { sets: await setsOf(db, (await findPlanRow(db, owner, planId)).id) };
  const scene = body.scene ?? conversation?.scene ?? undefined;
  const npc = body.npc ?? conversation?.npc ?? undefined;
  const result = await deps.engine.tutorTurn({
    message: body.message,
    source_lang: body.source_lang,
    target_lang: body.target_lang,
    level: body.level,
    conversation: (conversation?.state as ConversationState | null) ?? null,
    scene,
    npc,
    ...(plan ? { plan } : {}),
  });
  const now = deps.clock.now();
  const id = conversation?.id ?? newSecret("conv_", 16);
  const turn = (conversation?.turns ?? 0) + 1;
  const reply: TutorReply = {
    conversation_id: id,
    reply: result.reply,
    reply_translation: result.reply_translation,
    corrections: result.corrections,
    hints: result.hints,
    suggested_replies: result.suggested_replies,
    corrected_message: result.corrected_message,
    new_vocabulary: result.new_vocabulary,
    progress: result.progress,
    turn,
  };
  await db.transaction(async (tx) => {
    await pay(tx);
    if (conversation) {
      // Two turns of one conversation sent at once: the second is refused (and refunded) rather than lost.
      const moved = await tx
        .update(conversations)
        .set({ state: result.conversation, turns: turn, updatedAt: now, sourceLang: body.source_lang, targetLang: body.target_lang, level: body.level, scene: scene ?? null, npc: npc ?? null, planId })
        .where(and(eq(conversations.id, id), eq(conversations.turns, turn - 1)))
        .returning({ id: conversations.id });
      if (moved.length === 0) throw new AppError(409, "conflict", "another message of this conversation was answered at the same time; send this one again");
    } else {
      await tx.insert(conversations).values({
        id,
        accountId: owner.accountId,
        userId: owner.userId,
        clientId: owner.clientId,
        sourceLang: body.source_lang,
        targetLang: body.target_lang,
        level: body.level,
        scene: scene ?? null,
        npc: npc ?? null,
        planId,
        state: result.conversation,
        turns: turn,
        createdAt: now,
        updatedAt: now,
      });
    }
    await tx.insert(conversationTurns).values({ conversationId: id, n: turn, message: body.message, reply, createdAt: now });
  });
  return reply;
}

/** Every turn of a conversation, oldest first (the account's history). */
export async function conversationTurnsOf(db: DbOrTx, conversationId: string) {
  return db.select().from(conversationTurns).where(eq(conversationTurns.conversationId, conversationId)).orderBy(conversationTurns.n);
}
