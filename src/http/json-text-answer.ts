// A JSON answer already serialised: as text (a feed page, a plan built from its stored sets) or as
// the bytes it was stored as (a complete plan's stored answer).
//
// Works around Bun 1.4.5: an answer larger than ~15 KB produced after the turn its request arrived
// in (every /v1 answer is: the store's reads wait for setImmediate) is written with one system call
// per piece of its head (27 sendto calls for a feed page of 100 events: ~100 µs of kernel time); Bun
// corks the socket only around the request's own turn. The same body as a one-chunk direct stream
// goes out at once (with chunked transfer coding instead of a Content-Length). Measured with strace
// on a bare Bun.serve answering after setImmediate: a body of 15,350 bytes leaves in one sendto, one
// of 15,360 bytes (15 KiB) or more in about 15; the threshold below keeps a margin under that. Drop
// this helper when a Bun release writes such answers at once.
const STREAM_ABOVE_BYTES = 14 * 1024;

/** Every answer forbids MIME sniffing (http-base.ts); an answer made as a Response carries it from the start. */
export const NOSNIFF = { "x-content-type-options": "nosniff" } as const;

export function jsonTextAnswer(text: string, headers: Record<string, string> = {}, status = 200): Response {
  if (Buffer.byteLength(text) <= STREAM_ABOVE_BYTES) return new Response(text, answerInit(headers, status));
  return jsonBytesAnswer(Buffer.from(text), headers, status);
}

/** `bytes` (UTF-8 JSON) as they are, under the same rule as jsonTextAnswer. */
export function jsonBytesAnswer(bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}, status = 200): Response {
  const init = answerInit(headers, status);
  if (bytes.byteLength <= STREAM_ABOVE_BYTES) return new Response(bytes, init);
  const body = new ReadableStream({
    type: "direct",
    pull(controller: { write(chunk: Uint8Array): unknown; end(): unknown }) {
      controller.write(bytes);
      controller.end();
    },
  } as unknown as UnderlyingDefaultSource<Uint8Array>);
  return new Response(body, init);
}

function answerInit(headers: Record<string, string>, status: number): ResponseInit {
  return { status, headers: { "content-type": "application/json", ...NOSNIFF, ...headers } };
}
