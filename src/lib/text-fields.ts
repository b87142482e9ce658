// The spec's text-field rules (§2.6) for scene, topic, npc.name and npc.persona: one line of
// visible characters, length counted in code points of the NFC form after trimming. This is the
// only implementation; every route and the engine call it.

export type TextFieldResult = { ok: true; value: string } | { ok: false; reason: string };

const ZWJ = "\u200d";
const ZWNJ = "\u200c";

// Spec 2.6.3 by Unicode property (UAX #44), never by a list: controls (Cc), format characters (Cf:
// direction controls, zero-width characters, the tag block), private use (Co), lone surrogates
// (Cs), line and paragraph separators (Zl, Zp), Default_Ignorable_Code_Point (invisible letters and
// marks such as U+034F, U+115F, U+3164, U+FFA0, the variation selectors U+180B, U+FE00–FE0F and
// U+E0100–E01EF) and noncharacters. ZWJ and ZWNJ (both Cf) are the joiners the spec keeps, and
// only between two characters they join (JOINED below). The regular expressions use the engine's
// Unicode data (ICU, the Unicode version of process.versions.unicode);
// test/lib/text-fields-unicode.test.ts checks every code point against the UCD's own files.
const SUSPECT = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u;
const LINE_BREAK = /^[\n\r\u0085\p{Zl}\p{Zp}]$/u;
const CONTROL = /^\p{Cc}$/u;
const DIRECTION = /^\p{Bidi_Control}$/u;
const TAG = /^[\u{E0000}-\u{E007F}]$/u;
const PRIVATE_USE = /^\p{Co}$/u;
const SURROGATE = /^\p{Cs}$/u;
const NONCHARACTER = /^\p{Noncharacter_Code_Point}$/u;
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;

/** Why a code point (one character of a string, or a lone surrogate) is refused, or null when it may appear. */
function refusedBecause(ch: string): string | null {
  if (!SUSPECT.test(ch)) return null;
  if (LINE_BREAK.test(ch)) return "contains a line break";
  if (CONTROL.test(ch)) return "contains a control character";
  if (DIRECTION.test(ch)) return "contains a text-direction control";
  if (TAG.test(ch)) return "contains tag characters";
  if (PRIVATE_USE.test(ch)) return "contains a private-use character";
  if (SURROGATE.test(ch)) return "contains an unpaired surrogate";
  if (NONCHARACTER.test(ch)) return "contains a non-character";
  if (INVISIBLE.test(ch)) return "contains an invisible, zero-width or formatting character";
  return "contains a character not allowed in text";
}

// What the joiners join (spec 2.6.3: "the joiners some scripts and emoji need"): emoji sequences
// (UTS #51), and the scripts whose shaping they control (The Unicode Standard §23.2: Arabic and
// Syriac joining, Mongolian, the conjuncts of the Indic scripts, Sinhala, Khmer, Myanmar). Latin,
// Greek, Cyrillic or CJK text needs neither, and a joiner there only hides a difference.
const JOINED = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}]$/u;

/** ZWJ and ZWNJ are kept only between two visible characters of an emoji sequence or a script that needs them. */
function joinerIsAttached(chars: string[], index: number): boolean {
  const joins = (ch: string | undefined) => ch !== undefined && refusedBecause(ch) === null && JOINED.test(ch);
  return joins(chars[index - 1]) && joins(chars[index + 1]);
}

/** Does the text hold any character the text-field rules refuse, joiners included (e-mail addresses, which need none)? */
export function hasHiddenCharacter(text: string): boolean {
  for (const ch of text) if (refusedBecause(ch) !== null) return true;
  return false;
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
  if (SUSPECT.test(input)) {
    const chars = Array.from(input);
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!;
      if (ch === ZWJ || ch === ZWNJ) {
        if (!joinerIsAttached(chars, i)) return { ok: false, reason: "contains an invisible, zero-width or formatting character" };
        continue;
      }
      const why = refusedBecause(ch);
      if (why) return { ok: false, reason: why };
    }
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
