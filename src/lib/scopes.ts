// The seven scopes of spec §5.5. Each /v1/ operation needs exactly one. A vocabulary shared by
// clients, oauth, the /v1 doorway and the pages, so it lives below all of them.

export const SCOPES = ["vocab:generate", "lesson_plans:read", "lesson_plans:write", "tutor:converse", "usage:read", "events:read", "events:write"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "vocab:generate": "generate vocabulary lists",
  "lesson_plans:read": "read lesson plans and follow their progress",
  "lesson_plans:write": "create lesson plans",
  "tutor:converse": "hold tutor conversations (paid plan)",
  "usage:read": "see remaining allowance and usage",
  "events:read": "read events about the account and receive webhooks",
  "events:write": "send events to Parla",
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Parses a space-separated scope string (RFC 6749 §3.3); returns the unknown names separately. */
export function parseScopeString(value: string): { scopes: Scope[]; unknown: string[] } {
  const names = [...new Set(value.split(" ").filter(Boolean))];
  return { scopes: names.filter(isScope), unknown: names.filter((n) => !isScope(n)) };
}

/** Scopes in the catalogue order, so stored and displayed lists are stable. */
export function sortScopes(scopes: Iterable<string>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((s) => set.has(s));
}
