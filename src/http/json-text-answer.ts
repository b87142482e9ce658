// A JSON answer already serialised (a feed page, a plan spliced from its stored sets).
//
// Measured pitfall of Bun 1.4.5: an answer larger than ~15 KB that is produced after a macrotask —
// every /v1 answer is, since the store's shared reads and group commits wait for setImmediate — is
// written with one system call per piece of its head (27 sendto calls for a feed page of 100
// events: ~100 µs of kernel time, against 15 µs for the whole request otherwise). The same body as a
// one-chunk stream is written at once, with chunked transfer coding instead of a Content-Length.
const STREAM_ABOVE_BYTES = 14 * 1024;

/** `json`: the answer's JSON as text, or already as UTF-8 bytes. */
export function jsonTextAnswer(json: string | Uint8Array, headers: Record<string, string> = {}, status = 200): Response {
  const init = { status, headers: { "content-type": "application/json", ...headers } };
  if ((typeof json === "string" ? Buffer.byteLength(json) : json.byteLength) <= STREAM_ABOVE_BYTES) return new Response(json as BodyInit, init);
  const bytes = typeof json === "string" ? Buffer.from(json) : json;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, init);
}
