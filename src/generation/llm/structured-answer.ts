// Ask for one JSON object, validate it against its TypeBox model and the engine's content checks,
// and on failure send one repair request that quotes the problems; a second failure fails the
// operation. Unvalidated text never leaves this file.
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Static, TSchema } from "elysia";
import { Value } from "@sinclair/typebox/value";
import type { Logger } from "../../lib/logger.ts";
import type { ChatClient } from "./chat-client.ts";
import { LlmError } from "./llm-errors.ts";
import { repairMessage } from "./prompts.ts";
import type { LlmOperation } from "./usage-store.ts";

export interface AskOptions<S extends TSchema> {
  client: ChatClient;
  log: Logger;
  operation: LlmOperation;
  schemaName: string;
  schema: S;
  messages: ChatCompletionMessageParam[];
  /** Content problems of a valid value (wrong language…); any problem triggers the repair. */
  check?: (value: Static<S>) => string[];
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Parses model text (a code fence around it is tolerated: prompt-only servers add one) and validates it. */
export function parseAnswer<S extends TSchema>(text: string, schema: S, check?: (value: Static<S>) => string[]): Checked<Static<S>> {
  const trimmed = text.trim().replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "");
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { ok: false, problems: [`the answer is not valid JSON (${(error as Error).message})`] };
  }
  const errors = [...Value.Errors(schema, value)].slice(0, 12).map((e) => `${e.path || "/"}: ${e.message}`);
  if (errors.length > 0) return { ok: false, problems: errors };
  const problems = check ? check(value as Static<S>) : [];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: value as Static<S> };
}

export async function askStructured<S extends TSchema>(options: AskOptions<S>): Promise<Static<S>> {
  const { client, schema } = options;
  const request = { operation: options.operation, schemaName: options.schemaName, schema: schema as unknown as Record<string, unknown> };
  const first = await client.complete({ ...request, messages: options.messages, kind: "answer" });
  const checked = parseAnswer(first.text, schema, options.check);
  if (checked.ok) {
    await first.settle("ok");
    return checked.value;
  }
  await first.settle("invalid");
  return repair(options, first.text, checked.problems);
}

/** The one repair request: the refused answer and what was wrong with it. */
export async function repair<S extends TSchema>(options: AskOptions<S>, answer: string, problems: string[]): Promise<Static<S>> {
  const { client, log, schema } = options;
  log.warn("llm.answer_invalid", { operation: options.operation, problems: problems.slice(0, 5).map((p) => client.clean(p)) });
  const second = await client.complete({
    operation: options.operation,
    schemaName: options.schemaName,
    schema: schema as unknown as Record<string, unknown>,
    kind: "repair",
    messages: [...options.messages, { role: "assistant", content: answer }, { role: "user", content: repairMessage(problems) }],
  });
  const checked = parseAnswer(second.text, schema, options.check);
  if (checked.ok) {
    await second.settle("ok");
    return checked.value;
  }
  await second.settle("invalid");
  log.warn("llm.answer_invalid_after_repair", { operation: options.operation, problems: checked.problems.slice(0, 5).map((p) => client.clean(p)) });
  throw new LlmError("invalid_output", `the model's answer did not match the ${options.schemaName} schema after one repair: ${checked.problems.slice(0, 3).join("; ")}`);
}
