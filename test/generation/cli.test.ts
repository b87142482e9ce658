// `parla engine …`: commands, flags, exit codes and --json shapes (over the fixture data), plus
// one run of the real entry point over the embedded data.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runEngineCommand } from "../../src/generation/cli.ts";
import { fixtureEngine } from "./fixture-engine.ts";

const engine = fixtureEngine();

async function cli(args: string[], input: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runEngineCommand(args, {
    engine,
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    input: (async function* () {
      yield* input;
    })(),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const PAIR = ["--from", "en", "--to", "es", "--level", "2"];

describe("parla engine", () => {
  test("--help everywhere, usage errors exit 2", async () => {
    expect((await cli(["--help"])).code).toBe(0);
    for (const command of ["stats", "vocab", "plan", "tutor"]) {
      const r = await cli([command, "--help"]);
      expect(r.code).toBe(0);
      expect(r.out).toContain(`parla engine ${command}`);
    }
    expect((await cli([])).code).toBe(2);
    const unknown = await cli(["translate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown engine command "translate"');
    const flag = await cli(["vocab", ...PAIR, "--colour"]);
    expect(flag.code).toBe(2);
    expect(flag.err).toContain("unknown flag --colour");
    expect((await cli(["vocab", ...PAIR, "--count"])).err).toContain("--count needs a value");
    expect((await cli(["vocab", ...PAIR, "extra"])).code).toBe(2);
  });
  test("bad values are reported with the field and exit 2", async () => {
    const r = await cli(["vocab", "--from", "en", "--to", "xx", "--level", "2"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("error: target_lang:");
    expect((await cli(["vocab", "--from", "en", "--to", "es", "--level", "10"])).err).toContain("error: level:");
    expect((await cli(["plan", ...PAIR])).err).toContain("error: topic:");
  });
  test("stats --json has the counts operators rely on", async () => {
    const r = await cli(["stats", "--json"]);
    const stats = JSON.parse(r.out);
    expect(stats).toMatchObject({ concepts: 32, topics: 3, languages: ["en", "es", "fr", "de", "it", "pt-BR"], skipped: 0 });
    expect(Object.keys(stats.by_level)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect(Object.values(stats.by_level as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(32);
    expect((await cli(["stats"])).out).toContain("Concepts: 32");
  });
  test("vocab prints items, or one JSON object with --json", async () => {
    const text = await cli(["vocab", ...PAIR, "--topic", "market", "--count", "3"]);
    expect(text.code).toBe(0);
    expect(text.out.split("\n").filter((l) => /^ ?\d+\. /.test(l)).length).toBe(3);
    const json = JSON.parse((await cli(["vocab", ...PAIR, "--topic", "market", "--count", "3", "--exclude", "apple,price", "--json"])).out);
    expect(json.items.length).toBe(3);
    expect(json.items.some((i: { id: string }) => i.id === "apple" || i.id === "price")).toBe(false);
  });
  test("plan prints every set; --json gives {sets}", async () => {
    const text = await cli(["plan", ...PAIR, "--scene", "a fruit market", "--npc-name", "Marta", "--npc-persona", "sells fruit"]);
    expect(text.out).toContain("== 1. Overview: Market ==");
    expect(text.out).toContain("Partner: Marta — sells fruit");
    const json = JSON.parse((await cli(["plan", ...PAIR, "--topic", "cafe", "--json"])).out);
    expect(json.sets.map((s: { kind: string }) => s.kind)).toEqual(["overview", "grammar", "exercises", "role_play", "exit_check"]);
    expect((await cli(["plan", ...PAIR, "--npc-persona", "x", "--topic", "cafe"])).err).toContain("--npc-persona needs --npc-name");
  });
  test("tutor: one turn, the state kept in a file between calls", async () => {
    const state = join(mkdtempSync(join(tmpdir(), "parla-engine-")), "conversation.json");
    const first = await cli(["tutor", ...PAIR, "--scene", "mercado", "--message", "Hola", "--state", state, "--json"]);
    expect(JSON.parse(first.out).progress.step).toBe(2);
    expect(JSON.parse(readFileSync(state, "utf8")).step).toBe(1);
    const second = await cli(["tutor", ...PAIR, "--scene", "mercado", "--message", "Quiero dos manzanas", "--state", state]);
    expect(second.out).toContain("Lucía: Aquí tiene. ¿Algo más?");
    expect((await cli(["tutor", ...PAIR])).err).toContain("give exactly one of --message and --interactive");
  });
  test("tutor --interactive runs a session until an empty line", async () => {
    const r = await cli(["tutor", ...PAIR, "--scene", "mercado", "--interactive", "--json"], ["Hola", "Quiero dos manzanas", "", "never read"]);
    const turns = r.out.split("\n").map((l) => JSON.parse(l));
    expect(turns.map((t) => t.progress.intent)).toEqual(["greet", "order"]);
  });
});

describe("the entry point over the embedded data", () => {
  test("bun src/generation/cli-main.ts engine stats --json", () => {
    const run = Bun.spawnSync(["bun", "src/generation/cli-main.ts", "engine", "stats", "--json"], { cwd: join(import.meta.dir, "../..") });
    expect(run.exitCode).toBe(0);
    const stats = JSON.parse(run.stdout.toString());
    for (const key of ["concepts", "topics", "languages", "by_level"]) expect(stats).toHaveProperty(key);
    expect(stats.concepts).toBeGreaterThan(0);
  });
});
