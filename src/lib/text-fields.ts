// The spec's text-field rules (§2.6) for scene, topic, npc.name and npc.persona: one line of
// visible characters, length counted in code points of the NFC form after trimming. This is the
// only implementation; every route and the engine call it.

export type TextFieldResult = { ok: true; value: string } | { ok: false; reason: string };

const ZWJ = 0x200d;
const ZWNJ = 0x200c;

/** Why a code point is refused, or null when it may appear in a text field. */
function refusedBecause(cp: number): string | null {
  if (cp === 0x0a || cp === 0x0d || cp === 0x2028 || cp === 0x2029 || cp === 0x85) return "contains a line break";
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return "contains a control character";
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f || cp === 0x061c)
    return "contains a text-direction control";
  if (cp === 0x200b || cp === 0xfeff || cp === 0x2060 || (cp >= 0x2061 && cp <= 0x2064) || cp === 0x180e || cp === 0x00ad || (cp >= 0x206a && cp <= 0x206f))
    return "contains an invisible or zero-width character";
  if (cp >= 0xe0000 && cp <= 0xe007f) return "contains tag characters";
  if ((cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0xffffd) || (cp >= 0x100000 && cp <= 0x10fffd)) return "contains a private-use character";
  if (cp >= 0xfff9 && cp <= 0xfffb) return "contains an invisible formatting character";
  if (cp >= 0xd800 && cp <= 0xdfff) return "contains an unpaired surrogate";
  if ((cp & 0xfffe) === 0xfffe || (cp >= 0xfdd0 && cp <= 0xfdef)) return "contains a non-character";
  return null;
}

/** ZWJ and ZWNJ are kept only between two visible characters (emoji sequences, Persian, Indic scripts). */
function joinerIsAttached(codePoints: number[], index: number): boolean {
  const before = codePoints[index - 1];
  const after = codePoints[index + 1];
  const visible = (cp: number | undefined) => cp !== undefined && cp !== ZWJ && cp !== ZWNJ && cp > 0x20 && refusedBecause(cp) === null;
  return visible(before) && visible(after);
}

function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20 || unit > 0x7e) return false;
  }
  return true;
}

/**
 * Checks a text field and returns its trimmed NFC value. Forbidden characters are looked for
 * before trimming, because String.prototype.trim() silently removes U+FEFF (DESIGN §9).
 */
export function checkTextField(input: unknown, maxLength: number): TextFieldResult {
  if (typeof input !== "string") return { ok: false, reason: "must be a string" };
  if (isPrintableAscii(input)) {
    // Printable ASCII is its own NFC form, holds none of the refused characters, trims only
    // spaces, and counts one code point per UTF-16 unit: the same answer without the general work.
    const value = input.trim();
    if (value.length === 0) return { ok: false, reason: "must not be empty" };
    if (value.length > maxLength) return { ok: false, reason: `must be at most ${maxLength} characters (got ${value.length})` };
    return { ok: true, value };
  }
  const codePoints = Array.from(input, (ch) => ch.codePointAt(0) as number);
  for (let i = 0; i < codePoints.length; i++) {
    const cp = codePoints[i] as number;
    if (cp === ZWJ || cp === ZWNJ) {
      if (!joinerIsAttached(codePoints, i)) return { ok: false, reason: "contains an invisible or zero-width character" };
      continue;
    }
    const why = refusedBecause(cp);
    if (why) return { ok: false, reason: why };
  }
  const value = input.normalize("NFC").trim();
  if (value.length === 0) return { ok: false, reason: "must not be empty" };
  const length = Array.from(value).length;
  if (length > maxLength) return { ok: false, reason: `must be at most ${maxLength} characters (got ${length})` };
  return { ok: true, value };
}

export const TEXT_LIMITS = { scene: 160, topic: 160, npcName: 32, npcPersona: 120 } as const;

/** Tags (§2.6): up to 8 lowercase machine tokens of up to 24 characters. */
export function checkTags(input: unknown): { ok: true; value: string[] } | { ok: false; reason: string } {
  if (!Array.isArray(input)) return { ok: false, reason: "must be an array of strings" };
  if (input.length > 8) return { ok: false, reason: "must have at most 8 items" };
  for (const tag of input) {
    if (typeof tag !== "string" || !/^[a-z0-9][a-z0-9_.:-]{0,23}$/.test(tag)) {
      return { ok: false, reason: "each tag must be a lowercase token (a-z, 0-9, _ . : -) of 1 to 24 characters" };
    }
  }
  return { ok: true, value: input as string[] };
}
