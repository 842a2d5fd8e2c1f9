import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `work` with a fresh temporary folder and removes the folder afterwards, whatever happens.
 * Changesets and npm write there, never in the schema package: the commands copy back what
 * should change, all or nothing.
 */
export async function withScratchFolder<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-schema-release-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
