import { resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import type { OutputRoot } from '../generate/output-root.js';
import { nodeOutputFileSystem, type OutputFileSystem } from './output-file-system.js';
import { readTree } from './read-tree.js';
import { writeAllOrNothing } from './write-all-or-nothing.js';

const outputFailed = (error: unknown) =>
  new AuthoringError('output-failed', `could not write the outputs: ${(error as Error).message}`, { cause: error });

/**
 * Writes every output folder atomically as a whole (writeAllOrNothing): each folder is written
 * complete beside it, then all are swapped in. A `merge` folder keeps the files already there that
 * this run does not write, copied as bytes (a file we did not write is kept exactly, whatever its
 * encoding). Each output folder is a folder the command owns: nothing is written outside them.
 */
export async function writeOutputs(
  root: string,
  outputs: readonly OutputRoot[],
  fs: OutputFileSystem = nodeOutputFileSystem,
): Promise<void> {
  const entries = [];
  try {
    for (const output of outputs) {
      const target = resolve(root, output.dir);
      const files = new Map<string, string | Uint8Array>(output.files);
      if (output.mode === 'merge') {
        for (const [path, bytes] of await readTree(target)) if (!files.has(path)) files.set(path, bytes);
      }
      entries.push({ kind: 'folder' as const, target, files, name: output.dir });
    }
  } catch (error) {
    throw outputFailed(error);
  }
  await writeAllOrNothing(entries, {
    within: entries.map((entry) => entry.target),
    fs,
    failed: outputFailed,
  });
}
