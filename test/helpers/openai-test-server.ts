// A local OpenAI-compatible chat-completions server for the LLM engine's tests (Bun.serve on
// 127.0.0.1, a free port). Each request is recorded (path, headers, JSON body) and answered by the
// next queued reply, or by the default responder. Replies are built with the helpers below:
// a JSON answer, a streamed answer (SSE chunks, optionally held until the test releases them), a
// refusal, an HTTP error with headers, or a request that never gets an answer (timeouts).

export interface ReceivedRequest {
  path: string;
  headers: Headers;
  body: ChatBody;
}

export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  [key: string]: unknown;
}

export type Reply = (request: ReceivedRequest) => Response | Promise<Response>;

export interface OpenAiTestServer {
  url: string;
  requests: ReceivedRequest[];
  enqueue(...replies: Reply[]): void;
  setDefault(reply: Reply | null): void;
  close(): void;
}

const USAGE = { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 };

export function startOpenAiTestServer(): OpenAiTestServer {
  const requests: ReceivedRequest[] = [];
  const queue: Reply[] = [];
  let fallback: Reply | null = null;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") return Response.json({ error: { message: "not found" } }, { status: 404 });
      const received: ReceivedRequest = { path: url.pathname, headers: req.headers, body: (await req.json()) as ChatBody };
      requests.push(received);
      const reply = queue.shift() ?? fallback;
      if (!reply) return Response.json({ error: { message: "the test queued no answer" } }, { status: 599 });
      return reply(received);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    setDefault: (reply) => (fallback = reply),
    close: () => server.stop(true),
  };
}

function completion(model: string, message: Record<string, unknown>) {
  return { id: "chatcmpl-test", object: "chat.completion", created: 1_700_000_000, model, choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop", logprobs: null }], usage: USAGE };
}

/** A whole answer whose content is the given text (use JSON.stringify for a structured answer). */
export const answerText =
  (text: string): Reply =>
  (r) =>
    Response.json(completion(r.body.model, { content: text, refusal: null }));

export const answerJson = (value: unknown): Reply => answerText(JSON.stringify(value));

export const refusal =
  (text: string): Reply =>
  (r) =>
    Response.json(completion(r.body.model, { content: null, refusal: text }));

export const httpError =
  (status: number, headers: Record<string, string> = {}, message = `error ${status}`): Reply =>
  () =>
    Response.json({ error: { message, type: "server_error" } }, { status, headers });

/** Never answers (until the client gives up). */
export const hang = (): Reply => () => new Promise<Response>(() => {});

/**
 * The text as an SSE stream of chat.completion.chunk frames, `size` characters each, then a usage
 * frame and [DONE]. With `holdAfter`, the frames after that many characters wait for `release()`.
 */
export function streamText(text: string, options: { size?: number; holdAfter?: number } = {}): { reply: Reply; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const size = options.size ?? 16;
  const reply: Reply = (r) => {
    const encoder = new TextEncoder();
    const frame = (data: unknown) => encoder.encode(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: Record<string, unknown>, usage: unknown = null) => ({ id: "chatcmpl-test", object: "chat.completion.chunk", created: 1_700_000_000, model: r.body.model, choices: Object.keys(delta).length ? [{ index: 0, delta, finish_reason: null }] : [], usage });
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(frame(chunk({ role: "assistant", content: "" })));
        for (let at = 0; at < text.length; at += size) {
          if (options.holdAfter !== undefined && at >= options.holdAfter) await held;
          controller.enqueue(frame(chunk({ content: text.slice(at, at + size) })));
        }
        controller.enqueue(frame(chunk({}, USAGE)));
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
        controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  return { reply, release: () => release() };
}

export const streamJson = (value: unknown, size?: number): Reply => streamText(JSON.stringify(value), size === undefined ? {} : { size }).reply;

/** The user message's data block of that name, decoded (null when absent). */
export function dataBlockOf(request: ReceivedRequest, name: string): string | null {
  const user = request.body.messages.find((m) => m.role === "user")?.content ?? "";
  const match = user.match(new RegExp(`<data name="${name}">(.*?)</data>`));
  return match ? (JSON.parse(match[1] as string) as string) : null;
}
