// Feed and stream cursors (spec 4.4, DESIGN §4 "Feed order"): a position in the events' sequence,
// signed with the server key so it stays opaque and cannot be forged, and bound to the account and
// the `types` filter it was issued for. The stream's `id:` and the feed's `next_cursor` are the
// same value, so a caller moves between them with no gap and no duplicate.
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { timingSafeEqual } from "node:crypto";
import { DAY } from "../lib/clock.ts";

/** Spec 4.4.6 and 8: a cursor older than this answers 410 cursor_expired. */
export const CURSOR_LIFETIME_MS = 30 * DAY;

const VERSION = 1;
const MAC_BYTES = 16;
const BODY_BYTES = 1 + 8 + 8;

export interface CursorBinding {
  accountId: string;
  /** filterKey() of the `types` filter. */
  filter: string;
}

export type CursorReading = { ok: true; seq: number; issuedAt: number } | { ok: false; reason: "invalid" | "expired" };

/** The canonical form of a `types` filter: sorted, without repeats; "*" for no filter. */
export function filterKey(types: readonly string[] | null): string {
  return types === null ? "*" : [...new Set(types)].sort().join(",");
}

function mac(serverKey: Uint8Array, binding: CursorBinding, body: Uint8Array): Uint8Array {
  const hasher = new Bun.CryptoHasher("sha256", serverKey);
  hasher.update(`event-cursor\u0000${binding.accountId}\u0000${binding.filter}\u0000`);
  hasher.update(body);
  return new Uint8Array(hasher.digest().buffer, 0, MAC_BYTES);
}

/** The cursor for "everything after `seq`", issued at `issuedAt` for this account and filter. */
export function encodeCursor(serverKey: Uint8Array, binding: CursorBinding, seq: number, issuedAt: number): string {
  const bytes = new Uint8Array(BODY_BYTES + MAC_BYTES);
  const view = new DataView(bytes.buffer);
  bytes[0] = VERSION;
  view.setBigUint64(1, BigInt(seq));
  view.setBigUint64(9, BigInt(Math.max(0, Math.floor(issuedAt))));
  bytes.set(mac(serverKey, binding, bytes.subarray(0, BODY_BYTES)), BODY_BYTES);
  return encodeBase64urlNoPadding(bytes);
}

/**
 * Reads a cursor: invalid when it is malformed, forged, or was issued for another account or
 * another `types` filter (400); expired when older than 30 days (410). The signature is checked
 * first, so a forged cursor never learns whether it would have expired.
 */
export function decodeCursor(serverKey: Uint8Array, binding: CursorBinding, cursor: string, nowMs: number): CursorReading {
  if (cursor.length === 0 || cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return { ok: false, reason: "invalid" };
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64urlIgnorePadding(cursor);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (bytes.length !== BODY_BYTES + MAC_BYTES || bytes[0] !== VERSION) return { ok: false, reason: "invalid" };
  const expected = mac(serverKey, binding, bytes.subarray(0, BODY_BYTES));
  if (!timingSafeEqual(expected, bytes.subarray(BODY_BYTES))) return { ok: false, reason: "invalid" };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seq = Number(view.getBigUint64(1));
  const issuedAt = Number(view.getBigUint64(9));
  if (!Number.isSafeInteger(seq) || !Number.isSafeInteger(issuedAt)) return { ok: false, reason: "invalid" };
  if (nowMs - issuedAt > CURSOR_LIFETIME_MS) return { ok: false, reason: "expired" };
  return { ok: true, seq, issuedAt };
}
