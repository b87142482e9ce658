import { describe, expect, test } from "bun:test";
import { AppError, invalidRequest, notFound, refusalOr } from "../../src/lib/errors.ts";
import { fieldErrors } from "../../src/web/form-errors.ts";

describe("a service's refusal on a page", () => {
  test("refusalOr: the value, or the AppError the service threw", async () => {
    expect(await refusalOr(Promise.resolve(7))).toBe(7);
    const refused = await refusalOr(Promise.reject(invalidRequest("name must not be empty", "name")));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, code: "invalid_request", message: "name must not be empty", param: "name" });
  });

  test("refusalOr: a fault that is not an AppError is not shown as a refusal", async () => {
    await expect(refusalOr(Promise.reject(new Error("disk I/O error")))).rejects.toThrow("disk I/O error");
  });

  test("fieldErrors: the message under the field the error names, the fallback when it names none, the page's own key when renamed", () => {
    expect(fieldErrors(invalidRequest("choose at least one scope", "scopes"), "name")).toEqual({ scopes: "choose at least one scope" });
    expect(fieldErrors(notFound("client"), "secret")).toEqual({ secret: "client not found" });
    expect(fieldErrors(invalidRequest('unknown API version "x"', "pinned_version"), "name", { pinned_version: "version" })).toEqual({ version: 'unknown API version "x"' });
  });
});
