// The examples of /v1/openapi.json: answers the server really gave, recorded by the test suite
// (test/reference/openapi-examples.test.ts makes every call against the in-process app and writes
// openapi-examples.json; the same test fails when the committed file and today's answers differ).
// Recorded values that change from run to run are replaced before they are written, so the file
// is stable and tells no secret (the rules are the file's own "normalised" text):
// - identifiers, tokens, secrets and codes (`lp_…`, `parla_at_…`, …: a prefix, then 16 or more base64url characters with a capital or a digit) become `<prefix>_example_<n>`,
//   numbered in the order they first appear in that operation's examples;
// - feed and stream cursors become `cursor_example_<n>`;
// - an HTML page is cut to its title; the two documents to their version, title and an empty
//   `paths` or `channels`.
// The document merges them here: each example goes on its media type (`example`), a shared error
// response is written out in full for an operation that has its own example of it, and an answer
// without a body shows its headers' examples (e.g. a redirect's Location).
import recorded from "./openapi-examples.json";

type Json = Record<string, any>;

export interface RecordedAnswer {
  /** The content type as sent (without parameters), or null for an answer without a body. */
  contentType: string | null;
  body?: unknown;
  /** Headers worth showing (Location, Retry-After). */
  headers?: Record<string, string>;
}

export interface OperationExamples {
  request?: { contentType: string; body: unknown };
  responses: Record<string, RecordedAnswer>;
}

export interface ExampleBook {
  normalised: string;
  operations: Record<string, OperationExamples>;
}

export const RECORDED_EXAMPLES = recorded as ExampleBook;

/** The document with the book's examples on its operations (a copy; the input is not changed). */
export function withExamples(document: Json, book: ExampleBook): Json {
  const out = structuredClone(document);
  const components = (out.components?.responses ?? {}) as Json;
  for (const [path, item] of Object.entries(out.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      const examples = book.operations[`${method.toUpperCase()} ${path}`];
      if (!examples) continue;
      const media = op.requestBody?.content?.[examples.request?.contentType ?? ""];
      if (media && examples.request) media.example = examples.request.body;
      for (const [status, answer] of Object.entries(examples.responses)) {
        const documented = op.responses?.[status] as Json | undefined;
        if (!documented) continue;
        const response = structuredClone(documented.$ref ? components[String(documented.$ref).split("/").pop()!] : documented) as Json;
        if (answer.contentType && response.content?.[answer.contentType]) response.content[answer.contentType].example = answer.body;
        for (const [name, value] of Object.entries(answer.headers ?? {})) {
          const key = Object.keys(response.headers ?? {}).find((h) => h.toLowerCase() === name.toLowerCase()) ?? name;
          const header = (response.headers?.[key] ?? { schema: { type: "string" } }) as Json;
          response.headers = { ...response.headers, [key]: { ...header, example: header.schema?.type === "integer" ? Number(value) : value } };
        }
        op.responses[status] = response;
      }
    }
  }
  // A shared response every operation now writes out in full is no longer referenced.
  const used = JSON.stringify(out.paths);
  for (const name of Object.keys(components)) if (!used.includes(`"#/components/responses/${name}"`)) delete components[name];
  return out;
}
