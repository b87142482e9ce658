// Drives the web forms in-process like a browser would: keeps cookies, reads csrf_token from pages.
import type { TestApp } from "./test-app.ts";

export class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export function csrfFrom(html: string): string {
  const m = /name="csrf_token" value="([^"]+)"/.exec(html);
  if (!m) throw new Error("no csrf_token in page");
  return m[1]!;
}

export class WebUser {
  readonly jar = new CookieJar();
  constructor(readonly t: TestApp) {}

  async get(path: string): Promise<Response> {
    const res = await this.t.request("GET", path, { headers: { cookie: this.jar.header() } });
    this.jar.take(res);
    return res;
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const res = await this.t.request("POST", path, { form, headers: { cookie: this.jar.header(), origin: "http://localhost", ...headers } });
    this.jar.take(res);
    return res;
  }

  /** GETs a page, then submits its form with these fields plus the page's csrf_token. */
  async submit(pagePath: string, actionPath: string, form: Record<string, string>): Promise<Response> {
    const page = await this.get(pagePath);
    return this.post(actionPath, { csrf_token: csrfFrom(await page.text()), ...form });
  }

  /**
   * Signs up through the form, then follows the link of the verification mail as the user would
   * (it confirms the address and signs in). Returns the link's answer, or the form's when the
   * form was refused.
   */
  async signUp(email: string, password = "correct horse battery staple", next?: string): Promise<Response> {
    const path = next ? `/signup?next=${encodeURIComponent(next)}` : "/signup";
    const form = await this.submit(path, path, { email, password });
    if (form.status !== 200) return form;
    const link = await latestMailLink(this.t, email, "/verify-email");
    if (!link) return form;
    return this.get(link);
  }
}

/** The path and query of the newest link to `pathPrefix` mailed to `email` (read from the outbox), or null. */
export async function latestMailLink(t: TestApp, email: string, pathPrefix: string): Promise<string | null> {
  const rows = await t.deps.store.client.execute({ sql: "SELECT body_text FROM mail_outbox WHERE to_address = ? ORDER BY rowid DESC", args: [email.trim().toLowerCase()] });
  for (const row of rows.rows) {
    for (const m of String(row.body_text).matchAll(/https?:\/\/\S+/g)) {
      const url = new URL(m[0]);
      if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
    }
  }
  return null;
}
