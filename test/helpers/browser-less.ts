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

  async signUp(email: string, password = "correct horse battery staple"): Promise<Response> {
    return this.submit("/signup", "/signup", { email, password });
  }
}
