import { AppError } from "../lib/errors.ts";
import { parseScopeString, sortScopes, type Scope } from "../lib/scopes.ts";

/**
 * The scopes a request asks for: omitted means every scope the client is allowed; anything the
 * client may not have refuses the whole request — never narrowed silently (spec 5.2.3).
 */
export function resolveRequestedScopes(requested: string | undefined, allowed: readonly string[]): Scope[] {
  if (requested === undefined) return sortScopes(allowed);
  if (!/^[\x21\x23-\x5b\x5d-\x7e ]*$/.test(requested)) throw new AppError(400, "invalid_scope", "scope contains characters RFC 6749 §3.3 does not allow");
  const { scopes, unknown } = parseScopeString(requested);
  if (unknown.length) throw new AppError(400, "invalid_scope", `unknown scope: ${unknown.join(" ")}`);
  const refused = scopes.filter((s) => !allowed.includes(s));
  if (refused.length) throw new AppError(400, "invalid_scope", `this client may not request: ${refused.join(" ")}`);
  if (scopes.length === 0) throw new AppError(400, "invalid_scope", "no scope requested");
  return sortScopes(scopes);
}
