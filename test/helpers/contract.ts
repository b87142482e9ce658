// The contract check of the in-process API tests: every request the app answers under /v1/ or
// /oauth/ and its answer are checked against the documents the app itself serves, with ajv (JSON
// Schema 2020-12, the dialect of OpenAPI 3.1, in strict mode). A mismatch fails the test that made
// the call, naming the operation, the status and the field. Checked:
// - the answer's status is documented for the operation, with its content type and required headers;
// - a JSON answer matches the documented schema of that status, its objects closed: a field the
//   document does not name fails (the server does not re-check or clean its answers, v1.ts);
// - an accepted request (2xx) sent a body the document allows and its required parameters;
// - every envelope on the feed (GET /v1/events) and on the event stream matches its AsyncAPI schema.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Json = Record<string, any>;

export class ContractViolation extends Error {
  override readonly name = "ContractViolation";
}

interface Operation {
  name: string;
  pattern: RegExp;
  method: string;
  op: Json;
}

export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: true, allErrors: false, strictRequired: false, code: { optimize: false } });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly operations: Operation[];

  constructor(
    private readonly openapi: Json,
    private readonly asyncapi: Json,
  ) {
    addFormats(this.ajv);
    // Keywords of the documents that are annotations, not validation.
    for (const keyword of ["x-parla-scope", "x-sse-event"]) this.ajv.addKeyword(keyword);
    this.operations = Object.entries(openapi.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        pattern: new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
        op,
      })),
    );
  }

  /** The documented operation of a request, or null when the path is not in the document (pages, test probes). */
  operationOf(method: string, pathname: string): Operation | null {
    return this.operations.find((o) => o.method === method && o.pattern.test(pathname)) ?? null;
  }

  /** Checks one call; throws a ContractViolation naming the operation, the status and the field. */
  async check(request: Request, requestBody: string | undefined, response: Response, options: { shapes: boolean } = { shapes: true }): Promise<Response> {
    const url = new URL(request.url);
    const operation = this.operationOf(request.method, url.pathname);
    if (!operation) return response;
    const where = `${operation.name} ${response.status}`;
    const documented = this.responseOf(operation.op, response.status);
    if (!documented) throw new ContractViolation(`contract: ${where}: the status is not documented`);
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
    for (const [name, header] of Object.entries((documented.headers ?? {}) as Record<string, Json>)) {
      if (header.required && !response.headers.has(name)) throw new ContractViolation(`contract: ${where}: header ${name} is required`);
    }
    const content = documented.content as Record<string, Json> | undefined;
    if (content && response.status !== 204) {
      if (!content[type]) throw new ContractViolation(`contract: ${where}: content type ${JSON.stringify(type)} is not documented (${Object.keys(content).join(", ")})`);
      if (type === "application/json" && (options.shapes || response.status >= 400)) {
        const body = JSON.parse(await response.clone().text());
        this.validate(content[type]!.schema, body, `${where} response`, this.openapi, { closed: true });
        if (operation.name === "GET /v1/events" && response.status === 200) for (const [i, envelope] of (body.items as unknown[]).entries()) this.checkEnvelope(envelope, `${where} items.${i}`);
      }
    }
    if (response.status >= 200 && response.status < 300) this.checkRequest(operation, response.status, request, url, requestBody, response.headers.get("idempotent-replayed") === "true");
    if (type === "text/event-stream" && operation.name === "GET /v1/events/stream" && response.body) return this.watchStream(response, where);
    return response;
  }

  /** An event envelope against its type's AsyncAPI schema. */
  checkEnvelope(envelope: unknown, where: string): void {
    const type = (envelope as { type?: unknown } | null)?.type;
    const name = typeof type === "string" ? type.replace(/\./g, "_") : "";
    const schema = this.asyncapi.components.schemas[name];
    if (!schema || !this.asyncapi.channels.eventStream.messages[name] && !this.asyncapi.channels.webhook.messages[name]) {
      throw new ContractViolation(`contract: ${where}: event type ${JSON.stringify(type)} is not in the AsyncAPI document`);
    }
    this.validate({ $ref: `#/components/schemas/${name}` }, envelope, `${where} (${type})`, this.asyncapi);
  }

  private responseOf(op: Json, status: number): Json | null {
    const responses = op.responses as Record<string, Json>;
    const found = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
    if (!found) return null;
    return found.$ref ? this.resolve(this.openapi, found.$ref as string) : found;
  }

  private resolve(doc: Json, ref: string): Json {
    return ref
      .slice(2)
      .split("/")
      .reduce((node: Json, key) => node[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  }

  private checkRequest(operation: Operation, status: number, request: Request, url: URL, body: string | undefined, replayed: boolean): void {
    const where = `${operation.name} ${status} request`;
    for (const parameter of (operation.op.parameters ?? []) as Json[]) {
      const p = parameter.$ref ? this.resolve(this.openapi, parameter.$ref) : parameter;
      const value = p.in === "query" ? url.searchParams.get(p.name) : p.in === "header" ? request.headers.get(p.name) : undefined;
      if (p.in === "path") continue;
      if (value === null || value === undefined) {
        if (p.required) throw new ContractViolation(`contract: ${where}: ${p.in} parameter ${p.name} is required but was accepted without it`);
        continue;
      }
      if (p.schema?.type === "string" || p.schema?.enum) this.validate(p.schema, value, `${where} ${p.in} ${p.name}`);
    }
    const media = operation.op.requestBody?.content as Record<string, Json> | undefined;
    // A replayed Idempotency-Key answers its first event whatever this body is (spec 4.3.8).
    if (!media || body === undefined || replayed) return;
    const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim();
    if (type === "application/json" && media[type]) this.validate(media[type]!.schema, JSON.parse(body), `${where} body`);
    if (type === "application/x-www-form-urlencoded" && media[type]) this.validate(media[type]!.schema, Object.fromEntries(new URLSearchParams(body)), `${where} form`);
  }

  /** Passes the stream through, checking each event frame's envelope as it goes by. */
  private watchStream(response: Response, where: string): Response {
    let buffered = "";
    const decoder = new TextDecoder();
    const check = this.checkEnvelope.bind(this);
    const frames = new TransformStream<Uint8Array | string, Uint8Array | string>({
      transform(chunk, controller) {
        buffered += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf("\n\n")) >= 0) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const lines = frame.split("\n");
          if (lines.some((l) => l.startsWith("event:"))) continue;
          const data = lines.filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart());
          if (data.length > 0) check(JSON.parse(data.join("\n")), `${where} stream frame`);
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body!.pipeThrough(frames), { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  private validate(schema: Json, value: unknown, where: string, doc: Json = this.openapi, { closed = false } = {}): void {
    const key = `${doc === this.openapi ? "o" : "a"}${closed ? "c" : ""}${JSON.stringify(schema)}`;
    let validator = this.validators.get(key);
    if (!validator) {
      // The schema with the document's component schemas as its $defs, so its references resolve.
      const local = (node: unknown) => JSON.parse(JSON.stringify(node).replaceAll('"#/components/schemas/', '"#/$defs/')) as Json;
      const whole = { ...local(schema), $defs: local(doc.components.schemas) };
      validator = this.ajv.compile(closed ? closeObjects(whole) : whole);
      this.validators.set(key, validator);
    }
    if (validator(value)) return;
    const error = validator.errors![0]!;
    const field = error.instancePath.replace(/^\//, "").replaceAll("/", ".") || "(the whole value)";
    throw new ContractViolation(`contract: ${where}: ${field} ${error.message}${error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ""}`);
  }
}

/**
 * The schema with every object that names its properties and says nothing of others closed to
 * others. Closing the parts of an allOf would refuse the whole, so one is refused here instead.
 */
function closeObjects(schema: Json): Json {
  if (schema.allOf) throw new Error("contract: closing an allOf schema's parts would refuse every value; close it in the document instead");
  if (schema.properties && schema.additionalProperties === undefined && schema.patternProperties === undefined) schema.additionalProperties = false;
  const maps = [schema.properties, schema.patternProperties, schema.$defs];
  const lists = [schema.anyOf, schema.oneOf, schema.prefixItems];
  const single = [schema.items, schema.not, schema.additionalProperties];
  for (const map of maps) if (map) for (const child of Object.values(map as Record<string, Json>)) closeObjects(child);
  for (const list of lists) if (Array.isArray(list)) for (const child of list as Json[]) closeObjects(child);
  for (const child of single) if (child && typeof child === "object") closeObjects(child as Json);
  return schema;
}
