// JSON Schema for OpenAI structured outputs (`response_format: json_schema`, `strict: true`),
// built from the TypeBox models. Strict mode accepts a subset of JSON Schema: every object lists
// all its properties as required and sets additionalProperties false, and keywords such as
// minimum, maxItems or default are not allowed; a `const` is written as a one-value enum. What the
// subset cannot say (ranges) is still checked afterwards against the full TypeBox model.
import type { TSchema } from "elysia";

export type JsonSchema = { [key: string]: unknown };

const KEEP_SCALAR = ["type", "description", "enum"] as const;

export function strictJsonSchema(schema: TSchema | JsonSchema): JsonSchema {
  const s = schema as JsonSchema;
  if (Array.isArray(s.anyOf)) return withDescription(s, { anyOf: (s.anyOf as JsonSchema[]).map(strictJsonSchema) });
  if (s.const !== undefined) return withDescription(s, { type: typeof s.const === "number" ? "number" : typeof s.const, enum: [s.const] });
  if (s.type === "object") {
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    const out: Record<string, JsonSchema> = {};
    for (const [key, value] of Object.entries(properties)) {
      const converted = strictJsonSchema(value);
      // Strict mode has no optional properties: an optional one becomes nullable.
      out[key] = required.has(key) ? converted : { anyOf: [converted, { type: "null" }] };
    }
    return withDescription(s, { type: "object", properties: out, required: Object.keys(out), additionalProperties: false });
  }
  if (s.type === "array") return withDescription(s, { type: "array", items: strictJsonSchema((s.items ?? {}) as JsonSchema) });
  const out: JsonSchema = {};
  for (const key of KEEP_SCALAR) if (s[key] !== undefined) out[key] = s[key];
  return out;
}

function withDescription(from: JsonSchema, to: JsonSchema): JsonSchema {
  return typeof from.description === "string" ? { ...to, description: from.description } : to;
}
