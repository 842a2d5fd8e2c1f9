import { join } from 'node:path';
import type { OutputFileSystem } from '../write/output-file-system.js';
import { writeAllOrNothing } from '../write/write-all-or-nothing.js';
import type { FileChange } from './plan-component-rename.js';

/**
 * Applies file changes below `root` all or nothing (writeAllOrNothing): every new text is first
 * written beside its target; only then are they moved into place and removed files deleted. If
 * anything fails, every file already replaced or removed is put back, and the temporary files and
 * the folders made for new files are removed. A path outside `within` (default: `root`, the
 * folder the command owns) writes nothing.
 */
export async function applyFileChanges(
  root: string,
  changes: readonly FileChange[],
  fs: OutputFileSystem,
  within: readonly string[] = [root],
): Promise<void> {
  await writeAllOrNothing(
    changes.map((change) =>
      change.text === undefined
        ? { kind: 'remove', target: join(root, change.path) }
        : { kind: 'file', target: join(root, change.path), content: change.text },
    ),
    { within, fs },
  );
}
