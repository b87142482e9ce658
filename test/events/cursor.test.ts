// Feed and stream cursors (spec 4.4, DESIGN §4): opaque, signed, bound to the account alone (any
// `types` filter, the feed or the stream), 30 days long. The vectors pin the bytes: a cursor issued
// before an upgrade must still read after it.
import { describe, expect, test } from "bun:test";
import { CURSOR_LIFETIME_MS, decodeCursor, encodeCursor } from "../../src/events/cursor.ts";

const key = new Uint8Array(32).map((_, i) => i * 7 + 1);
const NOW = 1_764_000_000_123;

const vectors = [
  { accountId: "parla_acct_a", seq: 0, issuedAt: 0, cursor: "AgAAAAAAAAAAAAAAAAAAAAAxen58uwo0kWYBhkbD7XUV" },
  { accountId: "parla_acct_b", seq: 123456789, issuedAt: NOW, cursor: "AgAAAAAHW80VAAABmraX6HtbjU5IPVBKOHHJy7z41PVO" },
  { accountId: "parla_acct_c", seq: Number.MAX_SAFE_INTEGER, issuedAt: 2 ** 40, cursor: "AgAf________AAABAAAAAAAuNvBxCToRCHes9p14C92R" },
];

describe("event cursors", () => {
  test("encode to the same bytes as ever, and read back to their position and issue time", () => {
    for (const { accountId, seq, issuedAt, cursor } of vectors) {
      expect(encodeCursor(key, { accountId }, seq, issuedAt)).toBe(cursor);
      expect(decodeCursor(key, { accountId }, cursor, issuedAt)).toEqual({ ok: true, seq, issuedAt });
    }
  });

  test("a cursor of another account or another server key is invalid", () => {
    const { accountId, cursor, issuedAt } = vectors[1]!;
    expect(decodeCursor(key, { accountId: "parla_acct_other" }, cursor, issuedAt)).toEqual({ ok: false, reason: "invalid" });
    expect(decodeCursor(new Uint8Array(32), { accountId }, cursor, issuedAt)).toEqual({ ok: false, reason: "invalid" });
  });

  test("a changed character, a wrong length, a foreign alphabet or another format version is invalid", () => {
    const { accountId, cursor, issuedAt } = vectors[1]!;
    const binding = { accountId };
    const flipped = cursor.slice(0, 10) + (cursor[10] === "A" ? "B" : "A") + cursor.slice(11);
    // Version 1 (bound to a `types` filter too) with the same position: refused.
    const body = Buffer.from(cursor, "base64url");
    body[0] = 1;
    for (const bad of [flipped, cursor.slice(0, -1), `${cursor}A`, `${cursor.slice(0, -1)}=`, `${cursor.slice(0, -2)}+/`, "", " ".repeat(44), body.toString("base64url"), "AQAAAAAHW80VAAABmraX6HuGrjsqD98-hw0rdqfLpbSz"]) {
      expect(decodeCursor(key, binding, bad, issuedAt)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  test("expires 30 days after it was issued; a forged one never learns whether it would have", () => {
    const { accountId, seq, cursor, issuedAt } = vectors[1]!;
    expect(decodeCursor(key, { accountId }, cursor, issuedAt + CURSOR_LIFETIME_MS)).toEqual({ ok: true, seq, issuedAt });
    expect(decodeCursor(key, { accountId }, cursor, issuedAt + CURSOR_LIFETIME_MS + 1)).toEqual({ ok: false, reason: "expired" });
    expect(decodeCursor(key, { accountId: "parla_acct_other" }, cursor, issuedAt + CURSOR_LIFETIME_MS + 1)).toEqual({ ok: false, reason: "invalid" });
  });

  test("a position past the safe integers is invalid, though correctly signed", () => {
    const binding = { accountId: "parla_acct_a" };
    const cursor = encodeCursor(key, binding, Number.MAX_SAFE_INTEGER, NOW);
    const bytes = Buffer.from(cursor, "base64url");
    bytes.fill(0xff, 1, 9);
    // Re-sign the altered body as the server would: only the range check can refuse it.
    const hasher = new Bun.CryptoHasher("sha256", key);
    hasher.update(`event-cursor\u0000${binding.accountId}\u0000`);
    hasher.update(bytes.subarray(0, 17));
    bytes.set(hasher.digest().subarray(0, 16), 17);
    expect(decodeCursor(key, binding, bytes.toString("base64url"), NOW)).toEqual({ ok: false, reason: "invalid" });
  });
});
