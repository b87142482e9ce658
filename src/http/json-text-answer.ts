// A JSON answer already serialised (a feed page, a plan spliced from its stored sets).
//
// Measured pitfall of Bun 1.4.5: an answer larger than ~15 KB that is produced after a macrotask —
// every /v1 answer is, since the store's shared reads and group commits wait for setImmediate — is
// written with one system call per piece of its head (27 sendto calls for a feed page of 100
// events: ~100 µs of kernel time, against 15 µs for the whole request otherwise). The same body as a
// one-chunk stream is written at once, with chunked transfer coding instead of a Content-Length.
const STREAM_ABOVE_BYTES = 14 * 1024;

export function jsonTextAnswer(text: string, headers: Record<string, string> = {}, status = 200): Response {
  const init = { status, headers: { "content-type": "application/json", ...headers } };
  if (Buffer.byteLength(text) <= STREAM_ABOVE_BYTES) return new Response(text, init);
  const bytes = Buffer.from(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, init);
}
