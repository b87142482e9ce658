// Request bodies are closed (the OpenAPI document says `additionalProperties: false`): a field the
// schema does not name is refused with 400 `invalid_request` and its path as `param`, as POST
// /v1/events does. Elysia's validation cannot say it — its normalisation drops unknown fields before
// it validates — so the doorway walks the body as it arrived against the declared schema.
import type { TSchema } from "@sinclair/typebox";

type Schema = { type?: string; properties?: Record<string, Schema>; additionalProperties?: unknown; items?: Schema; anyOf?: Schema[]; const?: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The path (`npc.mood`, `plan.sets.0.x`) of the first field `schema` does not allow in `value`, or null. */
export function firstUnknownField(schema: TSchema, value: unknown): string | null {
  return walk(schema as Schema, value, "");
}

function walk(schema: Schema, value: unknown, at: string): string | null {
  if (schema.anyOf) {
    // A union is as open as its closest member: the one whose literal fields the value matches.
    const members = schema.anyOf.filter((member) => matchesLiterals(member, value));
    let first: string | null = null;
    for (const [i, member] of (members.length > 0 ? members : schema.anyOf).entries()) {
      const found = walk(member, value, at);
      if (found === null) return null;
      if (i === 0) first = found;
    }
    return first;
  }
  if (schema.type === "object" && schema.properties && isRecord(value)) {
    for (const key of Object.keys(value)) {
      // Own names only: `constructor` or `__proto__` in a body must not find Object.prototype's.
      const property = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
      const path = at ? `${at}.${key}` : key;
      if (!property) {
        if (schema.additionalProperties === false) return path;
        continue;
      }
      const found = walk(property, value[key], path);
      if (found !== null) return found;
    }
    return null;
  }
  if (schema.type === "array" && schema.items && Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = walk(schema.items, item, at ? `${at}.${i}` : String(i));
      if (found !== null) return found;
    }
  }
  return null;
}

function matchesLiterals(schema: Schema, value: unknown): boolean {
  if (!schema.properties || !isRecord(value)) return false;
  for (const [key, property] of Object.entries(schema.properties)) {
    if (property.const !== undefined && value[key] !== property.const) return false;
  }
  return true;
}
