// `parla listen --forward-to URL [--events …]` (DESIGN §5), as `stripe listen` does: the signed-in
// developer's events arrive through the event stream (GET /v1/events/stream, DESIGN §6) and are
// forwarded to a local URL as webhook deliveries, signed with a secret made for this session, so a
// receiver can be written and tested before any endpoint is registered. After a drop it reconnects
// with Last-Event-ID = the last cursor, so nothing is skipped.
import { signatureHeader, newSigningSecret, signingKey } from "../webhooks/signature.ts";
import type { Command } from "./command-line.ts";
import { fail } from "./cli-context.ts";
import { accessToken, loadCredentials, type Credentials } from "./login-command.ts";
import pkg from "../../package.json";

export interface SseFrame {
  id?: string;
  event?: string;
  data: string;
}

/** Splits an event stream into frames (WHATWG HTML §9.2.6); comments (heartbeats) are skipped. */
export async function* sseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const decoder = new TextDecoder();
  let buffer = "";
  let frame: SseFrame = { data: "" };
  let hasData = false;
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.search(/\r\n|\n|\r/)) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer.startsWith("\r\n", nl) ? 2 : 1));
      if (line === "") {
        if (hasData || frame.event) yield frame;
        frame = { data: "" };
        hasData = false;
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "data") {
        frame.data = hasData ? `${frame.data}\n${value}` : value;
        hasData = true;
      } else if (field === "id") frame.id = value;
      else if (field === "event") frame.event = value;
    }
  }
}

interface ListenOptions {
  creds: Credentials;
  forwardTo: string;
  types: string[];
  secret: string;
  out: (line: string) => void;
  signal: AbortSignal;
}

async function forward(options: ListenOptions, data: string): Promise<void> {
  let envelope: { id?: string; type?: string };
  try {
    envelope = JSON.parse(data);
  } catch {
    options.out(`skipped a frame that is not JSON`);
    return;
  }
  const id = envelope.id ?? "";
  const ts = Math.floor(Date.now() / 1000);
  const started = performance.now();
  try {
    const res = await fetch(options.forwardTo, {
      method: "POST",
      body: data,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
      headers: { "content-type": "application/json", "user-agent": `Parla-Webhooks/${pkg.version} (parla listen)`, "webhook-id": id, "webhook-timestamp": String(ts), "webhook-signature": signatureHeader([signingKey(options.secret)], id, ts, data) },
    });
    await res.arrayBuffer();
    options.out(`${new Date().toISOString()}  ${envelope.type ?? "?"}  ${id}  → ${res.status} (${Math.round(performance.now() - started)} ms)`);
  } catch (e) {
    options.out(`${new Date().toISOString()}  ${envelope.type ?? "?"}  ${id}  → failed: ${(e as Error).message}`);
  }
}

/** Reads the stream until aborted, reconnecting from the last cursor after a drop or a `done` frame. */
/** How listening ended: stopped by the user, or refused by the server (which retrying cannot change). */
export type ListenEnd = { kind: "stopped" } | { kind: "refused"; status: number; text: string };

export async function listen(options: ListenOptions): Promise<ListenEnd> {
  let cursor: string | null = null;
  let backoffMs = 500;
  while (!options.signal.aborted) {
    try {
      const token = await accessToken(options.creds);
      const url = new URL(`${options.creds.server}/v1/events/stream`);
      if (options.types.length) url.searchParams.set("types", options.types.join(","));
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "text/event-stream" };
      if (cursor) headers["last-event-id"] = cursor;
      const res = await fetch(url, { headers, signal: options.signal });
      if (!res.ok || !res.body) {
        const text = await res.text().catch(() => "");
        // A 4xx other than a rate limit (a missing scope, an unknown type, a revoked client) is the
        // same on every retry; a 429 or a 5xx may pass.
        if (res.status >= 400 && res.status < 500 && res.status !== 429) return { kind: "refused", status: res.status, text: text.slice(0, 200) };
        options.out(`stream refused: HTTP ${res.status} ${text.slice(0, 200)}`);
        throw new Error(`HTTP ${res.status}`);
      }
      let done = false;
      for await (const frame of sseFrames(res.body)) {
        backoffMs = 500;
        if (frame.event === "done") {
          done = true; // the stream's lifetime is up (PARLA_STREAM_MAX_SECONDS): reconnect at once
          break;
        }
        if (frame.event === "error") {
          options.out(`stream error: ${frame.data}`);
          break;
        }
        if (frame.event) continue;
        await forward(options, frame.data);
        if (frame.id) cursor = frame.id;
      }
      if (!done && !options.signal.aborted) throw new Error("the stream ended without a done frame");
    } catch (e) {
      if (options.signal.aborted) return { kind: "stopped" };
      options.out(`connection lost (${(e as Error).message}); reconnecting in ${backoffMs} ms`);
      await Bun.sleep(backoffMs);
      backoffMs = Math.min(backoffMs * 2, 30_000);
    }
  }
  return { kind: "stopped" };
}

export const listenCommands: Command[] = [
  {
    path: ["listen"],
    summary: "Forward the signed-in account's events to a local URL as signed webhook deliveries",
    flags: {
      "forward-to": { kind: "string", required: true, help: "where to POST each event, e.g. http://localhost:3000/webhooks" },
      events: { kind: "string", help: 'only these event types, e.g. "lesson_plan.ready lesson_plan.failed"' },
    },
    async run({ flags }) {
      const creds = loadCredentials();
      if (!creds) return fail("not signed in: run parla login first");
      const forwardTo = flags["forward-to"] as string;
      try {
        new URL(forwardTo);
      } catch {
        return fail("--forward-to must be a URL", 2);
      }
      const secret = newSigningSecret();
      const out = (line: string) => process.stdout.write(line + "\n");
      out(`Forwarding events from ${creds.server} to ${forwardTo}`);
      out(`Signing secret for this session: ${secret}`);
      out("Verify with a Standard Webhooks library given the part after parla_whsec_. Ctrl-C to stop.");
      const stop = new AbortController();
      process.once("SIGINT", () => stop.abort());
      process.once("SIGTERM", () => stop.abort());
      const types = ((flags.events as string | undefined) ?? "").split(/[\s,]+/).filter(Boolean);
      const end = await listen({ creds, forwardTo, types, secret, out, signal: stop.signal });
      if (end.kind === "refused") return fail(`stream refused: HTTP ${end.status} ${end.text}`);
      return 0;
    },
  },
];
