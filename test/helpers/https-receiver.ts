// A real HTTPS webhook receiver for tests (DESIGN §7): a CA made for the test with openssl, a leaf
// for localhost and 127.0.0.1 signed by it, and a Bun.serve that records each request and answers
// as the test says. The CA's PEM file is what PARLA_WEBHOOK_CA_FILE points to.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./temp-dir.ts";

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export type Answer = (req: ReceivedRequest) => Response | Promise<Response>;

export interface HttpsReceiver {
  port: number;
  url(path?: string): string;
  caFile: string;
  received: ReceivedRequest[];
  answer: Answer;
  stop(): void;
}

function openssl(args: string[], cwd: string): void {
  const r = Bun.spawnSync(["openssl", ...args], { cwd, stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${r.stderr.toString()}`);
}

/** A CA and a localhost leaf, made once per directory. */
export function makeTestCertificates(dir: string): { caFile: string; cert: string; key: string } {
  openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Parla test CA"], dir);
  openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=localhost"], dir);
  writeFileSync(join(dir, "leaf.ext"), "subjectAltName=DNS:localhost,DNS:hooks.test,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n");
  openssl(["x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "leaf.pem", "-days", "2", "-extfile", "leaf.ext"], dir);
  return { caFile: join(dir, "ca.pem"), cert: readFileSync(join(dir, "leaf.pem"), "utf8"), key: readFileSync(join(dir, "leaf.key"), "utf8") };
}

// Made once per test process: openssl takes a few hundred milliseconds.
let shared: { caFile: string; cert: string; key: string } | null = null;

export function startHttpsReceiver(answer: Answer = () => new Response("ok")): HttpsReceiver & { cleanup(): void } {
  const dir = tempDir();
  shared ??= makeTestCertificates(tempDir().path);
  const certs = shared;
  const received: ReceivedRequest[] = [];
  const receiver = {
    port: 0,
    caFile: certs.caFile,
    received,
    answer,
    url: (path = "/hook") => `https://localhost:${receiver.port}${path}`,
    stop: () => server.stop(true),
    cleanup: () => {
      server.stop(true);
      dir.cleanup();
    },
  };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    tls: { cert: certs.cert, key: certs.key },
    async fetch(request) {
      const req: ReceivedRequest = { path: new URL(request.url).pathname, headers: Object.fromEntries(request.headers), body: await request.text(), at: Date.now() };
      received.push(req);
      return receiver.answer(req);
    },
  });
  receiver.port = server.port as number;
  return receiver;
}
