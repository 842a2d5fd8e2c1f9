import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import type { OutputFileSystem } from '../generate/output-file-system.js';
import type { DistFiles } from './bundle-variant.js';

/** One `dist/` folder to replace: its absolute path and its new files (paths relative to it). */
export interface DistJob {
  readonly dir: string;
  readonly files: DistFiles;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Replaces every `dist/` folder at once, so a failure leaves each as it was: each is written
 * complete into `.dist.catalog-schema-tmp-<tag>` beside it; only when all are written are they
 * swapped in (old folder renamed aside to `.dist.catalog-schema-old-<tag>`, new one renamed in,
 * old one removed). A failure while writing removes the temporary folders; a failure while
 * swapping moves the swapped folders back.
 */
export async function writeDists(fs: OutputFileSystem, jobs: readonly DistJob[]): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  const staged = jobs.map((job) => ({
    ...job,
    temp: join(dirname(job.dir), `.dist.catalog-schema-tmp-${tag}`),
    old: join(dirname(job.dir), `.dist.catalog-schema-old-${tag}`),
    hadOld: false,
  }));
  try {
    for (const job of staged) {
      for (const [path, text] of job.files) {
        const target = join(job.temp, path);
        await fs.mkdir(dirname(target), { recursive: true });
        await fs.writeFile(target, text);
      }
    }
  } catch (error) {
    await Promise.all(staged.map((job) => fs.rm(job.temp, { recursive: true, force: true })));
    throw new AuthoringError('output-failed', `writing dist/ failed: ${(error as Error).message}`, { cause: error });
  }
  const swapped: typeof staged = [];
  try {
    for (const job of staged) {
      try {
        await fs.rename(job.dir, job.old);
        job.hadOld = true;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      swapped.push(job);
      await fs.rename(job.temp, job.dir);
    }
  } catch (error) {
    for (const job of swapped.reverse()) {
      // Its new folder may or may not be in place (the last one); the old one goes back.
      await fs.rm(job.dir, { recursive: true, force: true }).catch(() => undefined);
      if (job.hadOld) await fs.rename(job.old, job.dir).catch(() => undefined);
    }
    await Promise.all(staged.map((job) => fs.rm(job.temp, { recursive: true, force: true })));
    throw new AuthoringError('output-failed', `replacing dist/ failed: ${(error as Error).message}`, { cause: error });
  }
  await Promise.all(staged.filter((job) => job.hadOld).map((job) => fs.rm(job.old, { recursive: true, force: true })));
}
