// The one place that talks to an OpenAI-compatible server (the official `openai` package with a
// configurable base URL, so vLLM, llama.cpp, Ollama and LM Studio work as well as OpenAI). It owns
// what every request shares: the output mode (json_schema → json_object → prompt-only, detected
// once from the server's answers), the per-request deadline, retries on 429/5xx honouring
// Retry-After, the circuit breaker, and recording the tokens each request used.
import OpenAI from "openai";
import type { ChatCompletionCreateParamsBase, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import { strictJsonSchema, type JsonSchema } from "./json-schema.ts";
import { LlmError } from "./llm-errors.ts";
import { CircuitBreaker, DEFAULT_CIRCUIT, retryDelayMs, type CircuitOptions } from "./resilience.ts";
import type { LlmOperation, UsageRecord } from "./usage-store.ts";

export type OutputMode = "json_schema" | "json_object" | "prompt";
const MODES: OutputMode[] = ["json_schema", "json_object", "prompt"];

export interface ChatClientOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  clock: Clock;
  log: Logger;
  /** Waits between retries (tests pass one that records the delay and returns at once). */
  sleep?: (ms: number) => Promise<void>;
  /** Where each request's tokens go (the llm_usage table); absent: not recorded. */
  recordUsage?: (record: UsageRecord) => Promise<void>;
  circuit?: CircuitOptions;
  /** A fetch to use instead of the global one (tests). */
  fetch?: typeof fetch;
}

export interface ChatRequest {
  operation: LlmOperation;
  /** Name of the answer's schema (letters, digits, _ and -), sent with json_schema. */
  schemaName: string;
  /** The TypeBox model of the answer (an object). */
  schema: JsonSchema;
  messages: ChatCompletionMessageParam[];
  kind: "answer" | "repair";
  /** When given, the answer is streamed and each piece of text is passed here as it arrives. */
  onText?: (delta: string) => void;
}

export interface ChatAnswer {
  text: string;
  /** Settles the usage row's outcome once the caller has validated the text. */
  settle(outcome: "ok" | "invalid"): Promise<void>;
}

interface Usage {
  prompt: number;
  completion: number;
}

export class ChatClient {
  readonly model: string;
  private readonly openai: OpenAI;
  private readonly breaker: CircuitBreaker;
  private mode: OutputMode = "json_schema";
  private modeSettled = false;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: ChatClientOptions) {
    this.model = options.model;
    // Retries and deadlines are ours (Retry-After, the breaker, an injectable sleep), so the SDK's are off.
    this.openai = new OpenAI({
      baseURL: options.baseUrl,
      // Local servers usually need no key; the SDK requires one, so a placeholder is sent.
      apiKey: options.apiKey ?? "no-key",
      // Explicit, so the SDK reads none of its OPENAI_* environment variables (config.ts is the only reader).
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      maxRetries: 0,
      // Our own deadline (below) comes first, so a timeout is told apart from a connection failure.
      timeout: options.timeoutMs + 1000,
      logLevel: "off",
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.breaker = new CircuitBreaker(options.clock, options.circuit ?? DEFAULT_CIRCUIT);
    this.sleep = options.sleep ?? ((ms) => Bun.sleep(ms));
  }

  /** The output mode in use (for the log and tests). */
  get outputMode(): OutputMode {
    return this.mode;
  }

  get circuitState() {
    return this.breaker.state;
  }

  /** One answer's text. Throws LlmError (never with the API key in its message). */
  async complete(request: ChatRequest): Promise<ChatAnswer> {
    if (!this.breaker.allow()) {
      const seconds = Math.ceil(this.breaker.retryInMs() / 1000);
      throw new LlmError("unavailable", `the model server is failing; the circuit is open for ${seconds} s more`, seconds);
    }
    for (let attempt = 0; ; attempt++) {
      const mode = this.mode;
      try {
        const { text, usage, refusal } = await this.send(request, mode);
        this.breaker.success();
        this.settleMode(mode);
        if (refusal !== null) {
          await this.record(request, usage, "refused");
          throw new LlmError("refused", `the model refused: ${this.clean(refusal).slice(0, 200)}`);
        }
        let settled = false;
        return {
          text,
          settle: async (outcome) => {
            if (settled) return;
            settled = true;
            await this.record(request, usage, outcome);
          },
        };
      } catch (error) {
        if (error instanceof LlmError) throw error;
        const status = error instanceof OpenAI.APIError ? error.status : undefined;
        // A 400/422 to a json_schema or json_object request: the server does not support that
        // response_format. Step down once and try again at once; the mode found holds for the process.
        if (!this.modeSettled && (status === 400 || status === 422) && mode !== "prompt") {
          // A concurrent request may have stepped down already: then this one just follows.
          if (this.mode === mode) {
            this.mode = MODES[MODES.indexOf(mode) + 1] as OutputMode;
            this.options.log.warn("llm.output_mode_refused", { mode, next: this.mode, status, detail: this.clean(errorText(error)) });
          }
          attempt--;
          continue;
        }
        // A timeout is not retried: a server too slow once is likely slow again, and the caller's wait stays bounded.
        const timedOut = error instanceof RequestTimeout;
        const retryable = !timedOut && (status === undefined || status === 429 || status >= 500);
        if (timedOut) {
          if (this.breaker.failure()) this.options.log.error("llm.circuit_open", { failures_in_a_row: (this.options.circuit ?? DEFAULT_CIRCUIT).threshold });
          throw new LlmError("unavailable", this.unavailableMessage(error, status));
        }
        if (!retryable) {
          this.breaker.success();
          throw new LlmError("rejected", `the model server refused the request (HTTP ${status}): ${this.clean(errorText(error)).slice(0, 300)}`);
        }
        if (attempt < this.options.maxRetries) {
          const delay = retryDelayMs(attempt, error instanceof OpenAI.APIError ? error.headers : undefined, this.options.clock.now());
          this.options.log.warn("llm.retry", { operation: request.operation, attempt: attempt + 1, status: status ?? null, delay_ms: delay, reason: this.clean(errorText(error)) });
          await this.sleep(delay);
          continue;
        }
        const opened = this.breaker.failure();
        if (opened) this.options.log.error("llm.circuit_open", { failures_in_a_row: (this.options.circuit ?? DEFAULT_CIRCUIT).threshold });
        throw new LlmError("unavailable", this.unavailableMessage(error, status), opened ? this.breaker.retryInMs() / 1000 : undefined);
      }
    }
  }

  private unavailableMessage(error: unknown, status: number | undefined): string {
    const where = safeUrl(this.options.baseUrl);
    if (error instanceof RequestTimeout || error instanceof OpenAI.APIConnectionTimeoutError) {
      return `the model server at ${where} did not answer within ${Math.round(this.options.timeoutMs / 1000)} s`;
    }
    if (status === undefined) return `the model server at ${where} could not be reached (${this.clean(errorText(error))})`;
    return `the model server at ${where} kept failing (HTTP ${status})`;
  }

  private settleMode(mode: OutputMode): void {
    if (this.modeSettled) return;
    this.modeSettled = true;
    this.options.log.info("llm.output_mode", { mode, model: this.model });
  }

  private async send(request: ChatRequest, mode: OutputMode): Promise<{ text: string; usage: Usage | null; refusal: string | null }> {
    const params: ChatCompletionCreateParamsBase = {
      model: this.model,
      messages: mode === "json_schema" ? request.messages : withSchemaInstructions(request.messages, request.schema, mode),
      ...responseFormat(request, mode),
    };
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      return await this.exchange(params, request, signal);
    } catch (error) {
      if (signal.aborted) throw new RequestTimeout();
      throw error;
    }
  }

  private async exchange(params: ChatCompletionCreateParamsBase, request: ChatRequest, signal: AbortSignal): Promise<{ text: string; usage: Usage | null; refusal: string | null }> {
    if (!request.onText) {
      const completion = await this.openai.chat.completions.create({ ...params, stream: false }, { signal });
      const message = completion.choices[0]?.message;
      return { text: message?.content ?? "", refusal: message?.refusal ?? null, usage: usageOf(completion.usage) };
    }
    const stream = await this.openai.chat.completions.create({ ...params, stream: true, stream_options: { include_usage: true } }, { signal });
    let text = "";
    let refusal: string | null = null;
    let usage: Usage | null = null;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (delta?.refusal) refusal = (refusal ?? "") + delta.refusal;
      if (delta?.content) {
        text += delta.content;
        if (refusal === null) request.onText(delta.content);
      }
      if (chunk.usage) usage = usageOf(chunk.usage);
    }
    return { text, usage, refusal };
  }

  private async record(request: ChatRequest, usage: Usage | null, outcome: UsageRecord["outcome"]): Promise<void> {
    if (!this.options.recordUsage) return;
    try {
      await this.options.recordUsage({
        at: this.options.clock.now(),
        operation: request.operation,
        model: this.model,
        kind: request.kind,
        outcome,
        promptTokens: usage?.prompt ?? 0,
        completionTokens: usage?.completion ?? 0,
      });
    } catch (error) {
      this.options.log.error("llm.usage_not_recorded", { error: this.clean(errorText(error)) });
    }
  }

  /** Text from the server or the network, with the API key removed in case a server echoes it. */
  clean(text: string): string {
    const key = this.options.apiKey;
    return key ? text.split(key).join("[redacted]") : text;
  }
}

class RequestTimeout extends Error {
  constructor() {
    super("request timed out");
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The base URL without credentials or query, for messages. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "(the configured base URL)";
  }
}

function usageOf(usage: { prompt_tokens?: number; completion_tokens?: number } | null | undefined): Usage | null {
  return usage ? { prompt: usage.prompt_tokens ?? 0, completion: usage.completion_tokens ?? 0 } : null;
}

function responseFormat(request: ChatRequest, mode: OutputMode): Pick<ChatCompletionCreateParamsBase, "response_format"> {
  if (mode === "json_schema") {
    return { response_format: { type: "json_schema", json_schema: { name: request.schemaName, strict: true, schema: strictJsonSchema(request.schema) } } };
  }
  return mode === "json_object" ? { response_format: { type: "json_object" } } : {};
}

/** Without json_schema the schema travels in the system prompt (ours, never the caller's text). */
function withSchemaInstructions(messages: ChatCompletionMessageParam[], schema: JsonSchema, mode: OutputMode): ChatCompletionMessageParam[] {
  const contract =
    `\n\nAnswer with one JSON object and nothing else${mode === "prompt" ? " (no prose, no code fence)" : ""}. ` +
    `It must match this JSON Schema exactly (every property present, no others):\n${JSON.stringify(strictJsonSchema(schema))}`;
  return messages.map((m, i) => (i === 0 && m.role === "system" ? { ...m, content: `${m.content as string}${contract}` } : m));
}
