// A cookie-keeping client over real HTTP (the in-process WebUser's counterpart for servers on
// ports): reads csrf_token from pages and sends the Origin a browser would.
import { CookieJar, csrfFrom } from "./browser-less.ts";

export class HttpBrowser {
  readonly jar = new CookieJar();
  constructor(readonly base: string) {}

  async get(path: string): Promise<Response> {
    const res = await fetch(this.base + path, { headers: { cookie: this.jar.header() }, redirect: "manual" });
    this.jar.take(res);
    return res;
  }

  async post(path: string, form: Record<string, string>): Promise<Response> {
    const res = await fetch(this.base + path, {
      method: "POST",
      headers: { cookie: this.jar.header(), origin: this.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    this.jar.take(res);
    return res;
  }

  /** GETs a page, then posts its form with these fields and the page's csrf_token. */
  async submit(pagePath: string, actionPath: string, form: Record<string, string>): Promise<Response> {
    const page = await this.get(pagePath);
    return this.post(actionPath, { csrf_token: csrfFrom(await page.text()), ...form });
  }
}
