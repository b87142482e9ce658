// Keeps reports of the usage record and moves of counts from memory to the store apart. A report
// reads the store and adds what this process still holds; a move (a flush, an exact spend) takes
// counts out of memory and commits them. Were the two to overlap, a report could see a count in
// neither place, or in both. Moves may overlap each other and reports may overlap each other; a
// waiting move holds new reports back, so a steady stream of reports never starves the writer.

export class MoveGate {
  private readers = 0;
  /** Moves running or waiting for reports to finish. */
  private movers = 0;
  private waiters: (() => void)[] = [];

  /** Runs `fn` (which takes counts out of memory and writes them) once no report is reading. */
  async move<T>(fn: () => Promise<T>): Promise<T> {
    this.movers++;
    try {
      while (this.readers > 0) await this.changed();
      return await fn();
    } finally {
      this.movers--;
      this.wake();
    }
  }

  /** Runs `fn` (which reads the store and this process's counts) while no move is under way. */
  async read<T>(fn: () => Promise<T>): Promise<T> {
    while (this.movers > 0) await this.changed();
    this.readers++;
    try {
      return await fn();
    } finally {
      this.readers--;
      this.wake();
    }
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    if (this.waiters.length === 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
