import { mkdir, rmdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';

/** The folder that serializes lock updates of concurrent scaffolds, at the package root. */
const mutexName = '.catalog-schema-scaffold.lock';

/**
 * Holds the package's scaffold mutex while `work` runs (the lock file is read, changed and
 * replaced under it): a folder made without `recursive`, so one scaffold at a time succeeds;
 * held 10 s by another, it is `output-failed`.
 */
export async function withScaffoldMutex<T>(root: string, work: () => Promise<T>): Promise<T> {
  const path = resolve(root, mutexName);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await mkdir(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline)
        throw new AuthoringError(
          'output-failed',
          `${mutexName} has been held for 10 s: another scaffold is running, or one stopped; remove the folder if none runs`,
        );
      await new Promise((done) => setTimeout(done, 20));
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(path).catch(() => undefined);
  }
}
