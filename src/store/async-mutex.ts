// A FIFO async mutex. The embedded store has one writer connection; every write and transaction
// holds this lock, so SQLite never sees two writers from one process.

export class AsyncMutex {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly timeoutMs: number) {}

  /** Resolves with a release function once the lock is held; rejects after the timeout. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => held);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new Error(`store writer busy for more than ${this.timeoutMs} ms (a write inside an open transaction on the root client?)`));
      }, this.timeoutMs);
    });
    return Promise.race([previous.then(() => release), timeout]).then(
      (r) => {
        clearTimeout(timer);
        return r;
      },
      (error) => {
        // Keep the queue moving: when our turn comes, pass the lock straight on.
        if (timedOut) previous.then(() => release());
        throw error;
      },
    );
  }

  async run<T>(fn: () => T | Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
