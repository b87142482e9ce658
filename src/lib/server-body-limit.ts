/**
 * The HTTP server's own body limit (server.ts, Bun's maxRequestBodySize): a body declared larger
 * is refused by Bun before Parla sees the request, with an empty 413 that Parla cannot shape; the
 * OpenAPI document says so (reference/openapi.ts).
 */
export const SERVER_MAX_BODY_BYTES = 1024 * 1024;
