// The logger: JSON lines with secrets redacted by key and by shape, and the process's stdout writer,
// which batches the lines of one event-loop turn and still writes every line when the process exits.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createLogger } from "../../src/lib/logger.ts";
import { tempDir } from "../helpers/temp-dir.ts";

describe("logger", () => {
  test("lines are JSON with time, level, event, base and fields; secrets are redacted", () => {
    const lines: string[] = [];
    const log = createLogger("info", { service: "parla", token: "parla_at_base" }, (l) => lines.push(l)).child({ request_id: "r1" });
    log.debug("hidden");
    log.info("http.request", { path: "/x?c=parla_cs_abcdef123", password: "hunter2", status: 200, skipped: undefined, error: new Error("bad parla_rt_zzz") });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toEqual({ time: line.time, level: "info", event: "http.request", service: "parla", token: "[redacted]", request_id: "r1", path: "/x?c=parla_cs_[redacted]", password: "[redacted]", status: 200, error: "bad parla_rt_[redacted]" });
    expect(new Date(line.time).toISOString()).toBe(line.time);
    expect(Math.abs(Date.parse(line.time) - Date.now())).toBeLessThan(5000);
  });

  test("stdout: every line reaches it, in order, also when the process exits in the turn that logged them", async () => {
    const dir = tempDir();
    const script = join(dir.path, "logger-child.ts");
    const logger = JSON.stringify(join(import.meta.dir, "../../src/lib/logger.ts"));
    await Bun.write(script, `import { createLogger } from ${logger};\nconst log = createLogger("info");\nfor (let i = 0; i < 1000; i++) log.info("n", { i });\nif (process.argv[2] === "exit") process.exit(0);\n`);
    try {
      for (const mode of ["exit", "end"]) {
        const p = Bun.spawn(["bun", script, mode], { stdout: "pipe", cwd: dir.path });
        const out = await new Response(p.stdout).text();
        await p.exited;
        expect(out.trim().split("\n").map((l) => JSON.parse(l).i)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
      }
    } finally {
      dir.cleanup();
    }
  });
});
