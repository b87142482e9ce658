// Values kept in this process's memory by key, bounded by their total size in bytes. For values
// that never change once stored (a complete plan's answer, a feed chunk's first bytes), so what is
// kept is only ever a copy the store would answer again.
//
// Eviction is "second chance" (CLOCK): a read only marks its entry, and when the total is over the
// bound the oldest entries go unless marked since they were last passed over — those are unmarked
// and moved to the back. Reads stay a lookup and a flag (a feed page reads a dozen chunks), where
// moving every read entry to the back of the map cost two map writes each.

interface Entry<V> {
  value: V;
  size: number;
  read: boolean;
}

export class ByteBoundedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The value kept under this key, or null. */
  get(key: string): V | null {
    const entry = this.entries.get(key);
    if (entry === undefined) return null;
    entry.read = true;
    return entry.value;
  }

  /** Keeps the value (replacing one kept under the key), then lets the least recently read go until the total fits. */
  remember(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.maxBytes) return;
    const replaced = this.entries.get(key);
    if (replaced !== undefined) {
      this.entries.delete(key);
      this.bytes -= replaced.size;
    }
    this.entries.set(key, { value, size, read: false });
    this.bytes += size;
    while (this.bytes > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      // The value just kept, or one read since it was last passed over, goes to the back unmarked.
      if (entry.read || oldest === key) {
        entry.read = false;
        this.entries.set(oldest, entry);
      } else {
        this.bytes -= entry.size;
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get sizeBytes(): number {
    return this.bytes;
  }
}
