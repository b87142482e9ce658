// Reads an OAuth form body (application/x-www-form-urlencoded, RFC 6749 §3.2) with a size limit;
// a parameter sent twice is refused (RFC 6749 §3.1).
import { AppError } from "../lib/errors.ts";

export const MAX_FORM_BYTES = 16 * 1024;

export async function readOAuthForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new AppError(400, "invalid_request", "send the parameters as application/x-www-form-urlencoded");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_FORM_BYTES) throw new AppError(413, "invalid_request", `the form body is larger than ${MAX_FORM_BYTES} bytes`);
  // A declared length is the body's length (the server enforces it), so it is read in one piece.
  const bytes = request.headers.has("content-length") ? new Uint8Array(await request.arrayBuffer()) : await readAtMost(request, MAX_FORM_BYTES);
  if (!bytes) throw new AppError(413, "invalid_request", `the form body is larger than ${MAX_FORM_BYTES} bytes`);
  const params = new URLSearchParams(new TextDecoder().decode(bytes));
  const form: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in form) throw new AppError(400, "invalid_request", `parameter ${key} is repeated`);
    form[key] = value;
  }
  return form;
}

/**
 * The body, or null once it grows past `limit`. A chunked body declares no length: reading it
 * whole would run into the server's own body limit (an error, not an OAuth answer), so reading
 * stops at the limit.
 */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
