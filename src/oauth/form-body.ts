// Reads an OAuth form body (application/x-www-form-urlencoded, RFC 6749 §3.2) with a size limit;
// a parameter sent twice is refused (RFC 6749 §3.1).
import { AppError } from "../lib/errors.ts";

export const MAX_FORM_BYTES = 16 * 1024;

export async function readOAuthForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new AppError(400, "invalid_request", "send the parameters as application/x-www-form-urlencoded");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_FORM_BYTES) throw new AppError(413, "invalid_request", `the form body is larger than ${MAX_FORM_BYTES} bytes`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_FORM_BYTES) throw new AppError(413, "invalid_request", `the form body is larger than ${MAX_FORM_BYTES} bytes`);
  const params = new URLSearchParams(new TextDecoder().decode(bytes));
  const form: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in form) throw new AppError(400, "invalid_request", `parameter ${key} is repeated`);
    form[key] = value;
  }
  return form;
}
