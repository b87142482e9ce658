// The folder rules of the README's map, read from the imports of src/ itself:
// - no cycle between top-level folders (drizzle's schema index, src/store/schema.ts, re-exports
//   every domain's tables and is left out);
// - no folder imports a file of src/'s root (main, app, compose, server: the composition root);
// - a domain's rules never import http/ or web/: only its routes files (routes.ts, *-routes.ts)
//   use the /v1 doorway;
// - the layer order the README states ("Layers, bottom up: …", read from README.md itself so the two
//   cannot drift apart): every folder of src/ sits in exactly one layer and imports only folders of
//   lower layers.
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { dirname, join, relative, resolve } from "node:path";

const SRC = join(import.meta.dir, "..", "src");
const README = join(import.meta.dir, "..", "README.md");
const SCHEMA_INDEX = "store/schema.ts";
/** Folders whose files are rules of a domain (everything but the HTTP and page layers and the CLI). */
const EDGE_LAYERS = new Set(["http", "web", "cli"]);

interface Edge {
  from: string;
  to: string;
}

function importsOf(source: string): string[] {
  const specs: string[] = [];
  const patterns = [/(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/g, /(?:^|\n)\s*import\s+["']([^"']+)["']/g, /import\(\s*["']([^"']+)["']\s*\)/g];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) specs.push(m[1]!);
  return specs.filter((s) => s.startsWith("."));
}

async function readEdges(): Promise<Edge[]> {
  const edges: Edge[] = [];
  for await (const file of new Glob("**/*.{ts,tsx}").scan(SRC)) {
    const text = await Bun.file(join(SRC, file)).text();
    for (const spec of importsOf(text)) {
      const target = relative(SRC, resolve(SRC, dirname(file), spec));
      if (target.startsWith("..")) continue;
      edges.push({ from: file, to: target });
    }
  }
  return edges;
}

const topOf = (file: string) => (file.includes("/") ? file.slice(0, file.indexOf("/")) : "(root)");

/** Strongly connected components of more than one folder (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

const edges = await readEdges();

/** The README's layer line, bottom up: each layer a list of folder names. */
async function readmeLayers(): Promise<string[][]> {
  const line = (await Bun.file(README).text()).split("\n").find((l) => l.startsWith("Layers, bottom up:"));
  if (!line) return [];
  return line
    .slice("Layers, bottom up:".length)
    .split("→")
    .map((layer) => [...layer.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!))
    .filter((layer) => layer.length > 0);
}

/** Imports that go sideways or up the stated layers, as "from → to" lines. */
function layerViolations(layers: string[][], folderEdges: Edge[]): string[] {
  const level = new Map<string, number>();
  layers.forEach((layer, i) => layer.forEach((folder) => level.set(folder, i)));
  const bad: string[] = [];
  for (const e of folderEdges) {
    if (e.from === SCHEMA_INDEX) continue;
    const [a, b] = [topOf(e.from), topOf(e.to)];
    if (a === b || a === "(root)" || b === "(root)") continue;
    const [la, lb] = [level.get(a), level.get(b)];
    if (la === undefined || lb === undefined || lb >= la) bad.push(`${e.from} → ${e.to}`);
  }
  return bad;
}

describe("the folder rules of src/", () => {
  test("the import reader sees the project (a rule that reads nothing cannot fail)", () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(edges.some((e) => e.from === "app.ts" && e.to === "http/http-base.ts")).toBe(true);
  });

  test("no cycle between top-level folders", () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      if (e.from === SCHEMA_INDEX) continue;
      const [a, b] = [topOf(e.from), topOf(e.to)];
      if (a === b || a === "(root)" || b === "(root)") continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)!.add(b);
    }
    const found = cycles(graph).map((component) => {
      const inside = edges.filter((e) => e.from !== SCHEMA_INDEX && component.includes(topOf(e.from)) && component.includes(topOf(e.to)) && topOf(e.from) !== topOf(e.to));
      return `${component.join(" ↔ ")}: ${inside.map((e) => `${e.from} → ${e.to}`).join(", ")}`;
    });
    expect(found).toEqual([]);
  });

  test("no folder imports the composition root (src/*.ts)", () => {
    expect(edges.filter((e) => topOf(e.from) !== "(root)" && topOf(e.to) === "(root)").map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  test("a domain's rules never import http/ or web/; only its routes files use the /v1 doorway", () => {
    const bad = edges.filter((e) => {
      const from = topOf(e.from);
      if (from === "(root)" || EDGE_LAYERS.has(from)) return false;
      const to = topOf(e.to);
      if (to === "web") return true;
      return to === "http" && !/(^|\/)([a-z-]+-)?routes\.ts$/.test(e.from);
    });
    expect(bad.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  test("the README's layer line names every folder of src/ exactly once", async () => {
    const layers = await readmeLayers();
    expect(layers.length).toBeGreaterThan(5);
    const named = layers.flat();
    const folders = new Set<string>();
    for await (const file of new Glob("*/**/*.{ts,tsx}").scan(SRC)) folders.add(topOf(file));
    expect([...named].sort()).toEqual([...folders].sort());
    expect(new Set(named).size).toBe(named.length);
  });

  test("every folder imports only folders of lower layers, as the README states", async () => {
    expect(layerViolations(await readmeLayers(), edges)).toEqual([]);
  });

  test("the layer rule catches an import sideways or upwards", () => {
    const layers = [["lib"], ["store"], ["http", "mail"]];
    expect(layerViolations(layers, [{ from: "store/a.ts", to: "lib/b.ts" }])).toEqual([]);
    expect(layerViolations(layers, [{ from: "lib/b.ts", to: "store/a.ts" }])).toEqual(["lib/b.ts → store/a.ts"]);
    expect(layerViolations(layers, [{ from: "mail/a.ts", to: "http/b.ts" }])).toEqual(["mail/a.ts → http/b.ts"]);
    expect(layerViolations(layers, [{ from: "web/a.ts", to: "lib/b.ts" }])).toEqual(["web/a.ts → lib/b.ts"]);
  });
});
