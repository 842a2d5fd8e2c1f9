import { AuthoringError } from '../authoring-error.js';
import type { OutputFileSystem } from '../write/output-file-system.js';
import { writeAllOrNothing } from '../write/write-all-or-nothing.js';
import type { DistFiles } from './bundle-variant.js';

/** One `dist/` folder to replace: its absolute path and its new files (paths relative to it). */
export interface DistJob {
  readonly dir: string;
  readonly files: DistFiles;
}

/**
 * Replaces every `dist/` folder at once (writeAllOrNothing), so a failure leaves each as it was:
 * each is written complete into `.dist.catalog-schema-tmp-<tag>` beside it; only when all are
 * written are they swapped in. Each `dist/` is a folder build owns: nothing is written elsewhere.
 */
export async function writeDists(fs: OutputFileSystem, jobs: readonly DistJob[]): Promise<void> {
  await writeAllOrNothing(
    jobs.map((job) => ({ kind: 'folder', target: job.dir, files: job.files })),
    {
      within: jobs.map((job) => job.dir),
      fs,
      failed: (error, phase) =>
        new AuthoringError(
          'output-failed',
          `${phase === 'stage' ? 'writing' : 'replacing'} dist/ failed: ${(error as Error).message}`,
          { cause: error },
        ),
    },
  );
}
