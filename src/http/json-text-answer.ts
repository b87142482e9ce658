// A JSON answer already serialised: as text (a feed page, a plan spliced from its stored sets) or
// as the bytes it was stored as (a complete plan's stored answer).
//
// Measured pitfall of Bun 1.4.5: an answer larger than ~15 KB that is produced after the turn its
// request arrived in (after a group commit, a read from a libSQL server, anything that waits for a
// macrotask) is written with one system call per piece of its head (27 sendto calls for a feed page
// of 100 events: ~100 µs of kernel time, against 15 µs for the whole request otherwise); Bun corks
// the socket only around the request's own turn. The same body as a one-chunk stream is written at
// once, with chunked transfer coding instead of a Content-Length — at ~6 µs more than an answer made
// in the arrival turn (measured on raw Bun.serve: 25 KB answered in the turn 9 µs of CPU, after a
// macrotask 66 µs, as a stream after a macrotask 15–17 µs). So the stream only when it is needed:
// `inArrivalTurn` is request-context.ts's stillInArrivalTurn(request).
const STREAM_ABOVE_BYTES = 14 * 1024;

export function jsonTextAnswer(text: string, headers: Record<string, string> = {}, status = 200, inArrivalTurn = false): Response {
  if (inArrivalTurn || Buffer.byteLength(text) <= STREAM_ABOVE_BYTES) return new Response(text, answerInit(headers, status));
  return jsonBytesAnswer(Buffer.from(text), headers, status);
}

/** `bytes` (UTF-8 JSON) as they are, under the same rule as jsonTextAnswer. */
export function jsonBytesAnswer(bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}, status = 200, inArrivalTurn = false): Response {
  const init = answerInit(headers, status);
  if (inArrivalTurn || bytes.byteLength <= STREAM_ABOVE_BYTES) return new Response(bytes, init);
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, init);
}

function answerInit(headers: Record<string, string>, status: number): ResponseInit {
  return { status, headers: { "content-type": "application/json", ...headers } };
}
