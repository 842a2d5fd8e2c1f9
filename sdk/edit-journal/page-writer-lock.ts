/** This tab's hold on the right to write a page (Web Locks). */
export interface PageWriterLock {
  /** Whether this tab writes the page now. */
  readonly held: boolean;
  /** Resolves when this tab becomes the page's writer (at once when it is). */
  readonly whenHeld: Promise<void>;
  /** Gives the page up (or stops waiting for it). */
  release(): void;
}

/**
 * Asks for the one writer's lock of a page (docs/sdk-edit-journal.md "One writer per page"): held
 * at once when no other tab of this origin writes the page, else waited for, so this tab takes over
 * when that tab closes or crashes. Where Web Locks are missing (Node, old browsers) every session
 * writes, as before, and the revision guard keeps their saves apart.
 */
export async function requestPageWriterLock(name: string): Promise<PageWriterLock> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks === undefined) return { held: true, whenHeld: Promise.resolve(), release: () => {} };
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stopWaiting = new AbortController();
  // request() settles only when the lock is given back: the callback's first call says who holds it.
  const held = await new Promise<boolean>((answer) => {
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        answer(lock !== null);
        return lock === null ? undefined : released;
      })
      .catch(() => answer(false));
  });
  if (held) return { held: true, whenHeld: Promise.resolve(), release };
  const whenHeld = new Promise<void>((resolve) => {
    locks
      .request(name, { signal: stopWaiting.signal }, () => {
        resolve();
        return released;
      })
      .catch(() => {});
  });
  return {
    held: false,
    whenHeld,
    release() {
      stopWaiting.abort();
      release();
    },
  };
}
