import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { isContainedPath } from '../source/contained-path.js';
import { nodeOutputFileSystem, type OutputFileSystem } from './output-file-system.js';
import type { OutputRoot } from './output-root.js';
import { readTree } from './read-tree.js';

interface Staged {
  readonly target: string;
  readonly temp: string;
  old?: string;
  swapped: boolean;
}

function sibling(target: string, label: string, tag: string): string {
  return join(dirname(target), `.${basename(target)}.${label}-${tag}`);
}

/** The outermost ancestor of `dir` that does not exist yet (made by this run), or undefined. */
function outermostMissing(dir: string): string | undefined {
  let missing: string | undefined;
  for (let current = dir; !existsSync(current) && dirname(current) !== current; current = dirname(current))
    missing = current;
  return missing;
}

/** How many files are written at once: the disk, not the CPU, is the limit. */
const writeBatch = 64;

/** Writes the complete new content of `output` into `staged.temp`. */
async function stage(staged: Staged, output: OutputRoot, fs: OutputFileSystem): Promise<void> {
  await fs.mkdir(staged.temp, { recursive: true });
  const files = new Map<string, string | Uint8Array>(output.files);
  if (output.mode === 'merge') {
    // Other files are copied as bytes: a file we did not write is kept exactly, whatever its encoding.
    for (const [path, bytes] of await readTree(staged.target)) if (!files.has(path)) files.set(path, bytes);
  }
  for (const path of files.keys()) {
    if (!isContainedPath(path)) {
      throw new AuthoringError('output-failed', `refused to write ${path}: it leaves ${output.dir}`);
    }
  }
  const entries = [...files].map(([path, data]) => [join(staged.temp, path), data] as const);
  for (const dir of new Set(entries.map(([file]) => dirname(file)))) await fs.mkdir(dir, { recursive: true });
  for (let start = 0; start < entries.length; start += writeBatch) {
    // Settle the whole batch before failing, so no write is still running when the folder is removed.
    const results = await Promise.allSettled(
      entries.slice(start, start + writeBatch).map(([file, text]) => fs.writeFile(file, text)),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }
}

/**
 * Writes every output folder atomically as a whole: each folder is first written complete into a
 * temporary sibling; only when all are written are they swapped in by renames (the previous folder
 * moved aside, then removed). A failure while writing leaves every previous output untouched; a
 * failure while swapping moves the folders already swapped back.
 */
export async function writeOutputs(
  root: string,
  outputs: readonly OutputRoot[],
  fs: OutputFileSystem = nodeOutputFileSystem,
): Promise<void> {
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staged: Staged[] = [];
  const createdFolders: string[] = [];
  try {
    for (const output of outputs) {
      const target = resolve(root, output.dir);
      const item: Staged = { target, temp: sibling(target, 'catalog-schema-tmp', tag), swapped: false };
      staged.push(item);
      const missing = outermostMissing(dirname(target));
      if (missing) createdFolders.push(missing);
      await stage(item, output, fs);
    }
    for (const item of staged) {
      if (existsSync(item.target)) {
        item.old = sibling(item.target, 'catalog-schema-old', tag);
        await fs.rename(item.target, item.old);
      }
      try {
        await fs.rename(item.temp, item.target);
      } catch (error) {
        if (item.old) await fs.rename(item.old, item.target);
        item.old = undefined;
        throw error;
      }
      item.swapped = true;
    }
  } catch (error) {
    for (const item of [...staged].reverse()) {
      if (item.swapped) {
        await fs.rm(item.target, { recursive: true, force: true });
        if (item.old) await fs.rename(item.old, item.target);
      }
      await fs.rm(item.temp, { recursive: true, force: true });
    }
    for (const folder of createdFolders.reverse()) await fs.rm(folder, { recursive: true, force: true });
    throw new AuthoringError('output-failed', `could not write the outputs: ${(error as Error).message}`, {
      cause: error,
    });
  }
  for (const item of staged) if (item.old) await fs.rm(item.old, { recursive: true, force: true });
}
