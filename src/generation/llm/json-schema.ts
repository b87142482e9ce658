// JSON Schema for OpenAI structured outputs (`response_format: json_schema`, `strict: true`),
// built from the TypeBox models. Strict mode accepts a subset of JSON Schema: every object lists
// all its properties as required and sets additionalProperties false, and keywords such as
// minimum, maxItems or default are not allowed; a `const` is written as a one-value enum. What the
// subset cannot say (ranges) is still checked afterwards against the full TypeBox model.
import type { TSchema } from "elysia";

export type JsonSchema = { [key: string]: unknown };

const isNumericString = (s: JsonSchema) => s.type === "string" && (s.format === "integer" || s.format === "numeric");
const isNumber = (s: JsonSchema) => s.type === "integer" || s.type === "number";

/**
 * The model as an answer must satisfy it: Elysia's t.Integer and t.Numeric also accept numeric
 * strings (for query strings), which a model's answer must not carry into the output ("2" is not a
 * level). Those unions become the plain number schema; everything else is kept, TypeBox's own
 * (symbol) keys included, so the result still validates with Value.Check.
 */
export function answerModel<S extends TSchema>(schema: S): S {
  const s = schema as unknown as JsonSchema;
  if (Array.isArray(s.anyOf)) {
    const members = s.anyOf as JsonSchema[];
    const number = members.find(isNumber);
    if (number && members.length === 2 && members.some(isNumericString)) {
      return { ...number, ...(typeof s.description === "string" ? { description: s.description } : {}) } as unknown as S;
    }
    return { ...s, anyOf: members.map((m) => answerModel(m as unknown as TSchema)) } as unknown as S;
  }
  if (s.type === "object" && s.properties) {
    const properties = Object.fromEntries(Object.entries(s.properties as Record<string, TSchema>).map(([k, v]) => [k, answerModel(v)]));
    return { ...s, properties } as unknown as S;
  }
  if (s.type === "array" && s.items) return { ...s, items: answerModel(s.items as TSchema) } as unknown as S;
  return schema;
}

const KEEP_SCALAR = ["type", "description", "enum"] as const;

export function strictJsonSchema(schema: TSchema | JsonSchema): JsonSchema {
  const s = answerModel(schema as TSchema) as unknown as JsonSchema;
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
