// Values kept in this process's memory by key, bounded by their total size in bytes: the least
// recently read goes first. For values that never change once stored (a complete plan's answer, a
// feed chunk's first bytes), so what is kept is only ever a copy the store would answer again.

export class ByteBoundedCache<V> {
  private readonly values = new Map<string, V>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The value kept under this key, or null. */
  get(key: string): V | null {
    const value = this.values.get(key);
    if (value === undefined) return null;
    // Most recently read last: Map keeps insertion order.
    this.values.delete(key);
    this.values.set(key, value);
    return value;
  }

  /** Keeps the value (replacing one kept under the key), then lets the least recently read go until the total fits. */
  remember(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.maxBytes) return;
    const replaced = this.values.get(key);
    if (replaced !== undefined) {
      this.values.delete(key);
      this.bytes -= this.sizeOf(replaced);
    }
    this.values.set(key, value);
    this.bytes += size;
    for (const [oldest, kept] of this.values) {
      if (this.bytes <= this.maxBytes) break;
      this.values.delete(oldest);
      this.bytes -= this.sizeOf(kept);
    }
  }

  get size(): number {
    return this.values.size;
  }

  get sizeBytes(): number {
    return this.bytes;
  }
}
