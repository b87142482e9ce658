// The Tutor page over the same services as POST /v1/tutor/message (spec 4.2, 5.5): the body's text
// rules and the paid plan are checked first (nothing spent), then one turn is charged to the
// session's payer (spec 5.1.4, 1 credit) and answered by tutorMessage, which keeps the
// conversation. Refusals are shown in words on the page: the input rule, paid_plan_required, the
// ledger's 402 reason. The words a turn introduces join the learner's review deck.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { sessionPayer } from "../billing/payer.ts";
import { CREDIT_WEIGHTS } from "../billing/credits.ts";
import { checkBudget, spendIn } from "../billing/service.ts";
import type { TutorMessageBody, TutorReply } from "../generation/api-model.ts";
import { getPlan, type PlanOwner } from "../generation/plans-service.ts";
import { checkTutorBody, conversationTurnsOf, requirePaidPlan, tutorMessage } from "../generation/tutor-service.ts";
import { conversationOf, conversationsOf, type LearnerConversation } from "../learning/learner-history.ts";
import { linkConversation } from "../learning/lesson-progress.ts";
import { saveWords } from "../learning/service.ts";
import { AppError } from "../lib/errors.ts";
import { readLanguagePair } from "./learn-page.tsx";
import { planTitle } from "./lessons-page.tsx";
import { TutorPage, type ConversationView, type TutorStart, type TutorTurnView } from "./tutor-page.tsx";
import { refusalText } from "./refusal-text.ts";
import { csrfFailed, formString, requireSignedIn, type WebContext } from "./web-context.ts";

type SignedIn = WebContext & { session: NonNullable<WebContext["session"]>; user: NonNullable<WebContext["user"]> };

const ownerOf = (ctx: SignedIn): PlanOwner => ({ accountId: ctx.session.account.id, userId: ctx.session.user.id, clientId: null });

const view = (c: LearnerConversation): ConversationView => ({ id: c.id, sourceLang: c.sourceLang, targetLang: c.targetLang, level: c.level, scene: c.scene, npc: c.npc, planId: c.planId, turns: c.turns, updatedAt: c.updatedAt });

/** A new conversation's form: the learner speaks the language of the pages (readLanguagePair's defaults). */
const emptyStart = (speaks: string): TutorStart => readStart(() => "", speaks);

function readStart(read: (name: string) => string, speaks: string): TutorStart {
  return {
    ...readLanguagePair(read, speaks),
    scene: read("scene").slice(0, 400),
    npcName: read("npc_name").slice(0, 200),
    npcPersona: read("npc_persona").slice(0, 400),
    plan: null,
  };
}

export function tutorRoutes(deps: WebDeps) {
  const { db } = deps.store;
  const turnCost = CREDIT_WEIGHTS["tutor.turn"];

  async function render(ctx: SignedIn, options: { conversation?: LearnerConversation | null; start?: TutorStart; error?: string | null; draft?: string; status?: number }) {
    const account = ctx.session.account;
    const conversation = options.conversation ?? null;
    const turns: TutorTurnView[] = conversation ? (await conversationTurnsOf(db, conversation.id)).map((t) => ({ n: t.n, message: t.message, reply: t.reply as TutorReply })) : [];
    const html = TutorPage({
      t: ctx.t,
      user: ctx.user,
      flash: ctx.flash,
      paid: account.plan === "paid",
      conversation: conversation ? view(conversation) : null,
      turns,
      start: options.start ?? emptyStart(ctx.lang),
      error: options.error ?? null,
      draft: options.draft,
      conversations: (await conversationsOf(db, account.id, ctx.session.user.id)).map(view),
      turnCost,
    }) as string;
    return ctx.page(html, options.status ?? 200);
  }

  /** A conversation started from a lesson plan's role-play: its languages, level, scene and partner. */
  async function startFromPlan(ctx: SignedIn, planId: string): Promise<TutorStart | null> {
    try {
      const plan = await getPlan(deps, ownerOf(ctx), planId);
      const rolePlay = plan.sets.find((s) => s.kind === "role_play");
      const npc = plan.npc ?? (rolePlay?.kind === "role_play" ? { name: rolePlay.npc.name, persona: rolePlay.npc.persona ?? undefined } : undefined);
      return { source: plan.source_lang, target: plan.target_lang, level: plan.level, scene: plan.scene ?? "", npcName: npc?.name ?? "", npcPersona: npc?.persona ?? "", plan: { id: plan.id, title: planTitle(ctx.t, plan) } };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  }

  return new Elysia({ name: "web-tutor" })
    .get(
      "/tutor",
      async ({ request, query }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const ctx = r.ctx as SignedIn;
        const planId = typeof query.plan === "string" ? query.plan : "";
        const start = planId ? await startFromPlan(ctx, planId) : null;
        return render(ctx, { start: start ?? emptyStart(ctx.lang) });
      },
      { detail: { hide: true } },
    )
    .get(
      "/tutor/:id",
      async ({ request, params }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const ctx = r.ctx as SignedIn;
        const conversation = await conversationOf(db, ctx.session.account.id, ctx.session.user.id, params.id);
        if (!conversation) return ctx.redirect("/tutor", { kind: "error", text: ctx.t.tutor.noSuchConversation });
        return render(ctx, { conversation });
      },
      { detail: { hide: true } },
    )
    .post(
      "/tutor",
      async ({ request, body }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const ctx = r.ctx as SignedIn;
        if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/tutor", csrfFailed(ctx));
        const conversationId = formString(body, "conversation_id");
        const conversation = conversationId ? await conversationOf(db, ctx.session.account.id, ctx.session.user.id, conversationId) : null;
        if (conversationId && !conversation) return ctx.redirect("/tutor", { kind: "error", text: ctx.t.tutor.noSuchConversation });
        const message = formString(body, "message");
        const planId = formString(body, "plan_id");
        let start = readStart((name) => formString(body, name), ctx.lang);
        if (planId && !conversation) start = (await startFromPlan(ctx, planId)) ?? start;
        const tutorBody: TutorMessageBody = conversation
          ? { message, source_lang: conversation.sourceLang, target_lang: conversation.targetLang, level: conversation.level, conversation_id: conversation.id }
          : {
              message,
              source_lang: start.source,
              target_lang: start.target,
              level: start.level,
              ...(start.scene.trim() ? { scene: start.scene.trim() } : {}),
              ...(start.npcName.trim() ? { npc: { name: start.npcName.trim(), ...(start.npcPersona.trim() ? { persona: start.npcPersona.trim() } : {}) } } : {}),
              ...(start.plan ? { plan_id: start.plan.id } : {}),
            };
        const again = (error: AppError) => render(ctx, { conversation, start, error: error.code === "paid_plan_required" ? null : refusalText(ctx.t, error, "reply"), draft: message, status: error.status });
        let reply: TutorReply;
        try {
          // The same order as the /v1 doorway: the input rules and the paid plan before the charge.
          checkTutorBody(tutorBody);
          await requirePaidPlan(db, ctx.session.account.id);
          // The budget is checked before the turn is made, and spent in the transaction that stores it.
          const payer = sessionPayer(ctx.session.account.id);
          await checkBudget(db, deps.config, payer, "tutor.turn", deps.clock.now());
          reply = await tutorMessage(deps, ownerOf(ctx), tutorBody, (tx) => spendIn(tx, deps, payer, "tutor.turn", deps.clock.now()));
        } catch (error) {
          if (error instanceof AppError && [400, 402, 403, 404, 409].includes(error.status)) return again(error);
          throw error;
        }
        const now = deps.clock.now();
        // Words the tutor brought in join the deck, with the reply they came in as their example.
        await saveWords(
          db,
          ctx.session.user.id,
          now,
          "tutor",
          reply.new_vocabulary.map((w) => ({ sourceLang: tutorBody.source_lang, targetLang: tutorBody.target_lang, term: w.display, meaning: w.translation, example: { text: reply.reply, translation: reply.reply_translation } })),
        );
        const linkedPlan = conversation?.planId ?? tutorBody.plan_id;
        if (linkedPlan) await linkConversation(db, ctx.session.user.id, linkedPlan, reply.conversation_id, now);
        return ctx.redirect(`/tutor/${encodeURIComponent(reply.conversation_id)}#turn-${reply.turn}`);
      },
      { detail: { hide: true } },
    );
}
