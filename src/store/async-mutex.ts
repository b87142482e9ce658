// A FIFO async mutex. The embedded store has one writer connection; every write and transaction
// holds this lock, so SQLite never sees two writers from one process. A free lock is taken without
// a timer or a promise hop (the store's hottest path); waiters get a timeout.

interface Waiter {
  grant: (release: () => void) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class AsyncMutex {
  private locked = false;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly timeoutMs: number) {}

  /** True while a write or a transaction holds the writer. */
  get isLocked(): boolean {
    return this.locked;
  }

  /** Resolves with a release function once the lock is held; rejects after the timeout. */
  acquire(): Promise<() => void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(new Error(`store writer busy for more than ${this.timeoutMs} ms (a write inside an open transaction on the root client?)`));
        }, this.timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** Runs a synchronous function under the lock: at once when free, else in its turn. */
  run<T>(fn: () => T): Promise<T> {
    if (!this.locked) {
      this.locked = true;
      const release = this.releaser();
      try {
        return Promise.resolve(fn());
      } catch (error) {
        return Promise.reject(error);
      } finally {
        release();
      }
    }
    return this.acquire().then((release) => {
      try {
        return fn();
      } finally {
        release();
      }
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (!next) {
        this.locked = false;
        return;
      }
      clearTimeout(next.timer);
      // The lock passes straight to the next waiter, so nobody can slip in between.
      next.grant(this.releaser());
    };
  }
}
