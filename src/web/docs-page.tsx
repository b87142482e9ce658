// GET /docs: the reference, read offline from the binary — the integration guides (docs/
// integrations.md, the same text the README points to), the API reference rendered from
// /v1/openapi.json and the events reference from /v1/asyncapi.json. No script, no CDN.
import { Layout } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

type Json = Record<string, any>;

const METHODS = ["get", "post", "put", "patch", "delete"];

function schemaText(schema: unknown): string {
  return JSON.stringify(schema, null, 2);
}

/** A smallest value the schema allows (its required fields, first choices), for the curl example. */
function sampleOf(schema: Json | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return sampleOf(schema.anyOf.find((s: Json) => s.type !== "null") ?? schema.anyOf[0], depth + 1);
  switch (schema.type) {
    case "object": {
      const out: Json = {};
      for (const name of (schema.required ?? []) as string[]) out[name] = sampleOf(schema.properties?.[name], depth + 1);
      return out;
    }
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return false;
    case "array":
      return [];
    default:
      return "…";
  }
}

/** The JSON text of an example, or the text itself (a stream's frames, a page, plain text). */
function exampleText(example: unknown): string {
  return typeof example === "string" ? example : JSON.stringify(example, null, 2);
}

/** The curl command for an operation: its method, URL, token, required headers and its request example (or a body it accepts). */
function curlOf(baseUrl: string, method: string, path: string, op: Json): string {
  const lines = [`curl -X ${method.toUpperCase()} '${baseUrl}${path}'`];
  if (op["x-parla-scope"]) lines.push(`-H "Authorization: Bearer $PARLA_TOKEN"`);
  for (const p of (op.parameters ?? []) as Json[]) if (p.in === "header" && p.required) lines.push(`-H '${p.name}: ${p.name === "Idempotency-Key" ? "$(uuidgen)" : "…"}'`.replace(/^-H '(.*)\$\(uuidgen\)'$/, `-H "$1$(uuidgen)"`));
  const json = op.requestBody?.content?.["application/json"] as Json | undefined;
  const form = op.requestBody?.content?.["application/x-www-form-urlencoded"] as Json | undefined;
  const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
  if (json) lines.push(`-H 'Content-Type: application/json'`, `-d ${quoted(JSON.stringify(json.example ?? sampleOf(json.schema)))}`);
  else if (form) {
    const fields = (form.example as Record<string, string> | undefined) ?? Object.fromEntries(((form.schema?.required ?? []) as string[]).map((name) => [name, String(sampleOf(form.schema?.properties?.[name]))]));
    for (const [name, value] of Object.entries(fields)) lines.push(`--data-urlencode ${quoted(`${name}=${value}`)}`);
  }
  return lines.join(" \\\n  ");
}

/** A code block with a copy button (browser-script.ts copies the block's text). */
function CodeBlock(props: { id: string; text: string; label: string }) {
  return (
    <div class="code-block">
      <pre>
        <code id={props.id} safe>
          {props.text}
        </code>
      </pre>
      <button type="button" class="secondary" data-copy={props.id} aria-label={`Copy ${props.label}`}>
        Copy
      </button>
    </div>
  );
}

function Operation(props: { method: string; path: string; op: Json; anchor: string; baseUrl: string; errors: Json }) {
  const { op } = props;
  const scope = op["x-parla-scope"] as string | null | undefined;
  const body = op.requestBody?.content?.["application/json"]?.schema ?? op.requestBody?.content?.["application/x-www-form-urlencoded"]?.schema;
  const statuses = Object.keys(op.responses ?? {});
  const ok = statuses.filter((s) => s.startsWith("2"))[0];
  const okSchema = ok ? (op.responses[ok]?.content?.["application/json"]?.schema ?? null) : null;
  const params = (op.parameters ?? []) as Json[];
  const requestMedia = Object.entries((op.requestBody?.content ?? {}) as Record<string, Json>).find(([, m]) => m.example !== undefined);
  const answers = statuses.flatMap((status) => {
    const answer = op.responses[status] as Json;
    const resolved = (answer.$ref ? props.errors[String(answer.$ref).split("/").pop()!] : answer) as Json | undefined;
    const media = Object.entries((resolved?.content ?? {}) as Record<string, Json>).find(([, m]) => m.example !== undefined);
    const headers = Object.entries((resolved?.headers ?? {}) as Record<string, Json>).filter(([, h]) => h.example !== undefined);
    if (!media && headers.length === 0) return [];
    const text = [...headers.map(([name, h]) => `${name}: ${h.example}`), ...(media ? [(headers.length ? "\n" : "") + exampleText(media[1].example)] : [])].join("\n");
    return [{ status, type: media?.[0] ?? null, text }];
  });
  return (
    <section class="card" id={props.anchor} aria-labelledby={`${props.anchor}-title`}>
      <h3 id={`${props.anchor}-title`}>
        <code safe>{props.method.toUpperCase()}</code> <code safe>{props.path}</code>
      </h3>
      <p safe>{op.summary}</p>
      {op.description ? <p class="hint" safe>{op.description}</p> : ""}
      <p>
        Scope: {scope ? <code safe>{scope}</code> : "none (no token needed)"}
        {op["x-parla-operation"] ? (
          <>
            {" "}
            · billed as <code safe>{op["x-parla-operation"]}</code>, <span safe>{`${op["x-parla-credits"] ?? 0} credit${op["x-parla-credits"] === 1 ? "" : "s"}`}</span> per call
          </>
        ) : (
          " · free"
        )}
      </p>
      <CodeBlock id={`${props.anchor}-curl`} text={curlOf(props.baseUrl, props.method, props.path, op)} label="the curl command" />
      <div class="examples">
        <h4>Examples (recorded from real calls)</h4>
        {requestMedia ? (
          <>
            <p>
              Request (<code safe>{requestMedia[0]}</code>)
            </p>
            <CodeBlock id={`${props.anchor}-example-request`} text={exampleText(requestMedia[1].example)} label="the example request" />
          </>
        ) : (
          ""
        )}
        {answers.map((a, i) => (
          <details open={i === 0}>
            <summary safe>{`Response ${a.status}${a.type ? ` (${a.type})` : ""}`}</summary>
            <CodeBlock id={`${props.anchor}-example-${a.status}`} text={a.text} label={`the example ${a.status} response`} />
          </details>
        ))}
      </div>
      {params.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th>Parameter</th>
              <th>In</th>
              <th>Required</th>
              <th>About</th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr>
                <td>
                  <code safe>{p.$ref ? "Parla-Version" : p.name}</code>
                </td>
                <td safe>{p.$ref ? "header" : p.in}</td>
                <td>{p.required ? "yes" : "no"}</td>
                <td safe>{p.$ref ? "The API version to answer under; without it, the client's pin." : (p.description ?? "")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        ""
      )}
      {body ? (
        <details>
          <summary>Request body</summary>
          <CodeBlock id={`${props.anchor}-body`} text={schemaText(body)} label="the request body schema" />
        </details>
      ) : (
        ""
      )}
      {okSchema ? (
        <details>
          <summary safe>Response {ok}</summary>
          <CodeBlock id={`${props.anchor}-ok`} text={schemaText(okSchema)} label="the response schema" />
        </details>
      ) : (
        ""
      )}
      <table>
        <thead>
          <tr>
            <th>Status</th>
            <th>Meaning and codes</th>
          </tr>
        </thead>
        <tbody>
          {statuses.map((status) => {
            const answer = op.responses[status] as Json;
            const resolved = answer.$ref ? (props.errors[String(answer.$ref).split("/").pop()!] as Json | undefined) : answer;
            return (
              <tr>
                <td>
                  <code safe>{status}</code>
                </td>
                <td safe>{resolved?.description ?? ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function DocsPage(props: { t: UiText; safeGuidesHtml: string; openapi: Json; asyncapi: Json; user: { email: string; csrf: string } | null }) {
  const operations: { method: string; path: string; op: Json; anchor: string }[] = [];
  for (const [path, item] of Object.entries(props.openapi.paths as Record<string, Json>)) {
    for (const method of METHODS) if (item[method]) operations.push({ method, path, op: item[method], anchor: `op-${item[method].operationId}` });
  }
  const messages = Object.entries((props.asyncapi.components?.messages ?? {}) as Record<string, Json>);
  const baseUrl = (props.openapi.servers?.[0]?.url as string | undefined) ?? "";
  const errors = (props.openapi.components?.responses ?? {}) as Json;
  const schemas = (props.asyncapi.components?.schemas ?? {}) as Record<string, Json>;
  // Our own embedded markdown (docs/integrations.md), rendered by the route: trusted, not user input.
  const safeGuides = props.safeGuidesHtml;
  return (
    <Layout t={props.t} title="API documentation" user={props.user}>
      <h1>Parla API documentation</h1>
      <p>
        API version <code safe>{props.openapi.info.version}</code>. Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1) and{" "}
        <a href="/v1/asyncapi.json">/v1/asyncapi.json</a> (AsyncAPI 3.1).
      </p>
      <nav aria-label="Contents" class="card">
        <ul>
          <li>
            <a href="#guides">Guides</a>
          </li>
          <li>
            <a href="#api">API reference</a> ({operations.length} operations)
          </li>
          <li>
            <a href="#events">Events reference</a> ({messages.length} event types)
          </li>
        </ul>
      </nav>
      <section id="guides" aria-label="Guides" class="docs-guides">
        {safeGuides}
      </section>
      <h2 id="api">API reference</h2>
      {operations.map((o) => (
        <Operation {...o} baseUrl={baseUrl} errors={errors} />
      ))}
      <h2 id="events">Events reference</h2>
      {messages.map(([name, message]) => (
        <section class="card" id={`event-${name}`} aria-labelledby={`event-${name}-title`}>
          <h3 id={`event-${name}-title`}>
            <code safe>{message.name}</code>
          </h3>
          <p safe>{message.description ?? message.summary ?? ""}</p>
          <details>
            <summary>Payload</summary>
            <CodeBlock id={`event-${name}-payload`} text={schemaText(schemas[name] ?? message.payload)} label="the payload schema" />
          </details>
        </section>
      ))}
    </Layout>
  );
}
