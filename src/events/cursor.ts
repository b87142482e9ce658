// Feed and stream cursors (spec 4.4, DESIGN §4 "Feed order"): a position in the account's sequence
// of events, signed with the server key so it stays opaque and cannot be forged, and bound to the
// account only — so the same cursor is valid with any `types` filter, on the feed and the stream.
// The stream's `id:` and the feed's `next_cursor` are the same value: a caller moves between them,
// and between filters, with no gap and no duplicate.
import { timingSafeEqual } from "node:crypto";
import { DAY } from "../lib/clock.ts";

/** Spec 4.4.6 and 8: a cursor older than this answers 410 cursor_expired. */
export const CURSOR_LIFETIME_MS = 30 * DAY;

// 2: bound to the account alone (1 also bound the `types` filter; such cursors are refused).
const VERSION = 2;
const MAC_BYTES = 16;
const BODY_BYTES = 1 + 8 + 8;
/** Base64url of BODY_BYTES + MAC_BYTES (33 bytes: no padding, and only one spelling of each cursor). */
const CURSOR_CHARS = 44;
const TWO_32 = 2 ** 32;

export interface CursorBinding {
  accountId: string;
}

export type CursorReading = { ok: true; seq: number; issuedAt: number } | { ok: false; reason: "invalid" | "expired" };

function mac(serverKey: Uint8Array, binding: CursorBinding, body: Uint8Array): Uint8Array {
  const hasher = new Bun.CryptoHasher("sha256", serverKey);
  hasher.update(`event-cursor\u0000${binding.accountId}\u0000`);
  hasher.update(body);
  return hasher.digest().subarray(0, MAC_BYTES);
}

/** The cursor for "everything after `seq`", issued at `issuedAt` for this account. */
export function encodeCursor(serverKey: Uint8Array, binding: CursorBinding, seq: number, issuedAt: number): string {
  const bytes = Buffer.alloc(BODY_BYTES + MAC_BYTES);
  bytes[0] = VERSION;
  writeUint64(bytes, 1, seq);
  writeUint64(bytes, 9, Math.max(0, Math.floor(issuedAt)));
  bytes.set(mac(serverKey, binding, bytes.subarray(0, BODY_BYTES)), BODY_BYTES);
  return bytes.toString("base64url");
}

// Big-endian 64-bit integers as two 32-bit halves: positions and times are safe integers, and the
// halves cost less than BigInt's round trip on every feed page.
function writeUint64(bytes: Buffer, offset: number, value: number): void {
  bytes.writeUInt32BE(Math.floor(value / TWO_32), offset);
  bytes.writeUInt32BE(value % TWO_32, offset + 4);
}

/** The integer at `offset`, or NaN when it is past Number.MAX_SAFE_INTEGER. */
function readUint64(bytes: Buffer, offset: number): number {
  const value = bytes.readUInt32BE(offset) * TWO_32 + bytes.readUInt32BE(offset + 4);
  return Number.isSafeInteger(value) ? value : NaN;
}

/**
 * Reads a cursor: invalid when it is malformed, forged, or was issued for another account (400);
 * expired when older than 30 days (410). The signature is checked
 * first, so a forged cursor never learns whether it would have expired.
 */
export function decodeCursor(serverKey: Uint8Array, binding: CursorBinding, cursor: string, nowMs: number): CursorReading {
  // Buffer's decoder skips characters outside the alphabet, so the alphabet is checked first.
  if (cursor.length !== CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) return { ok: false, reason: "invalid" };
  const bytes = Buffer.from(cursor, "base64url");
  if (bytes.length !== BODY_BYTES + MAC_BYTES || bytes[0] !== VERSION) return { ok: false, reason: "invalid" };
  const expected = mac(serverKey, binding, bytes.subarray(0, BODY_BYTES));
  if (!timingSafeEqual(expected, bytes.subarray(BODY_BYTES))) return { ok: false, reason: "invalid" };
  const seq = readUint64(bytes, 1);
  const issuedAt = readUint64(bytes, 9);
  if (Number.isNaN(seq) || Number.isNaN(issuedAt)) return { ok: false, reason: "invalid" };
  if (nowMs - issuedAt > CURSOR_LIFETIME_MS) return { ok: false, reason: "expired" };
  return { ok: true, seq, issuedAt };
}
