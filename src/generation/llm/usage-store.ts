// Tokens per LLM request, kept in the llm_usage table, and the operator's summary of them
// (`parla admin llm usage`).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../store/open-store.ts";
import { llmUsage } from "../schema.ts";

export type LlmOperation = "vocabulary" | "lesson_plan" | "tutor_turn";

export interface UsageRecord {
  at: number;
  operation: LlmOperation;
  model: string;
  kind: "answer" | "repair";
  outcome: "ok" | "invalid" | "refused";
  promptTokens: number;
  completionTokens: number;
}

export function usageRecorder(db: DbOrTx): (record: UsageRecord) => Promise<void> {
  return async (record) => {
    await db.insert(llmUsage).values(record);
  };
}

export interface UsageSummaryRow {
  day: string;
  model: string;
  operation: string;
  requests: number;
  repairs: number;
  failed: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** Totals per UTC day, model and operation since `sinceMs`, newest day first. */
export async function usageSummary(db: DbOrTx, sinceMs: number): Promise<UsageSummaryRow[]> {
  const day = sql<string>`strftime('%Y-%m-%d', ${llmUsage.at} / 1000, 'unixepoch')`;
  const rows = await db
    .select({
      day,
      model: llmUsage.model,
      operation: llmUsage.operation,
      requests: sql<number>`count(*)`,
      repairs: sql<number>`sum(case when ${llmUsage.kind} = 'repair' then 1 else 0 end)`,
      failed: sql<number>`sum(case when ${llmUsage.outcome} = 'ok' then 0 else 1 end)`,
      prompt_tokens: sql<number>`sum(${llmUsage.promptTokens})`,
      completion_tokens: sql<number>`sum(${llmUsage.completionTokens})`,
    })
    .from(llmUsage)
    .where(sql`${llmUsage.at} >= ${sinceMs}`)
    .groupBy(day, llmUsage.model, llmUsage.operation)
    .orderBy(sql`1 desc`, llmUsage.model, llmUsage.operation);
  return rows.map((r) => ({ ...r, requests: Number(r.requests), repairs: Number(r.repairs), failed: Number(r.failed), prompt_tokens: Number(r.prompt_tokens), completion_tokens: Number(r.completion_tokens), total_tokens: Number(r.prompt_tokens) + Number(r.completion_tokens) }));
}
