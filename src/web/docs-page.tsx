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

function Operation(props: { method: string; path: string; op: Json; anchor: string }) {
  const { op } = props;
  const scope = op["x-parla-scope"] as string | null | undefined;
  const body = op.requestBody?.content?.["application/json"]?.schema ?? op.requestBody?.content?.["application/x-www-form-urlencoded"]?.schema;
  const statuses = Object.keys(op.responses ?? {});
  const ok = statuses.filter((s) => s.startsWith("2"))[0];
  const okSchema = ok ? (op.responses[ok]?.content?.["application/json"]?.schema ?? null) : null;
  const params = (op.parameters ?? []) as Json[];
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
            · billed as <code safe>{op["x-parla-operation"]}</code>
          </>
        ) : (
          ""
        )}
      </p>
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
          <pre>
            <code safe>{schemaText(body)}</code>
          </pre>
        </details>
      ) : (
        ""
      )}
      {okSchema ? (
        <details>
          <summary safe>Response {ok}</summary>
          <pre>
            <code safe>{schemaText(okSchema)}</code>
          </pre>
        </details>
      ) : (
        ""
      )}
      <p class="hint" safe>
        Answers: {statuses.join(", ")}
      </p>
    </section>
  );
}

export function DocsPage(props: { t: UiText; safeGuidesHtml: string; openapi: Json; asyncapi: Json; user: { email: string; csrf: string } | null }) {
  const operations: { method: string; path: string; op: Json; anchor: string }[] = [];
  for (const [path, item] of Object.entries(props.openapi.paths as Record<string, Json>)) {
    for (const method of METHODS) if (item[method]) operations.push({ method, path, op: item[method], anchor: `op-${item[method].operationId}` });
  }
  const messages = Object.entries((props.asyncapi.components?.messages ?? {}) as Record<string, Json>);
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
        <Operation {...o} />
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
            <pre>
              <code safe>{schemaText(schemas[name])}</code>
            </pre>
          </details>
        </section>
      ))}
    </Layout>
  );
}
