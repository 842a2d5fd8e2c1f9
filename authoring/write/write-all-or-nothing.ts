import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { isContainedPath, isInside } from '../source/contained-path.js';
import { nodeOutputFileSystem, type OutputFileSystem } from './output-file-system.js';

/** One thing an all-or-nothing write puts in place, by absolute path. */
export type WriteEntry =
  /** A file with this content (a new file, or a replacement). */
  | { readonly kind: 'file'; readonly target: string; readonly content: string | Uint8Array }
  /**
   * A folder holding exactly these files afterwards (paths relative to it, forward slashes);
   * `name` is how messages show the folder (default: its absolute path).
   */
  | {
      readonly kind: 'folder';
      readonly target: string;
      readonly files: ReadonlyMap<string, string | Uint8Array>;
      readonly name?: string;
    }
  /** A file or folder removed (nothing when it is not there). */
  | { readonly kind: 'remove'; readonly target: string };

/** Where an all-or-nothing write failed: while writing the new content aside, or while moving it in. */
export type WritePhase = 'stage' | 'commit';

/** How writeAllOrNothing writes. */
export interface WriteAllOrNothingOptions {
  /** The absolute folders the command owns: every target is one of them or inside one, else nothing is written. */
  readonly within: readonly string[];
  /** The file operations (tests inject failures here); default node:fs/promises. */
  readonly fs?: OutputFileSystem;
  /** The error thrown for a failure, once everything is put back (default: the failure itself). */
  readonly failed?: (error: unknown, phase: WritePhase) => unknown;
}

interface Staged {
  readonly entry: WriteEntry;
  /** The new content, written complete beside the target (none for a removal). */
  readonly temp: string | undefined;
  /** The previous file or folder, moved aside while the new one goes in. */
  old?: string;
  swapped: boolean;
}

/** How many files are written at once: the disk, not the CPU, is the limit. */
const writeBatch = 64;

function sibling(target: string, label: string, tag: string): string {
  return join(dirname(target), `.${basename(target)}.${label}-${tag}`);
}

/** The outermost ancestor of `dir` that does not exist yet (made by this write), or undefined. */
function outermostMissing(dir: string): string | undefined {
  let missing: string | undefined;
  for (let current = dir; !existsSync(current) && dirname(current) !== current; current = dirname(current))
    missing = current;
  return missing;
}

/** Refuses, before anything is written, a target outside the owned folders or a folder file that leaves its folder. */
function refuseOutside(entries: readonly WriteEntry[], within: readonly string[]): void {
  for (const entry of entries) {
    if (!within.some((folder) => isInside(folder, entry.target))) {
      throw new AuthoringError('output-failed', `refused to write ${entry.target}: it is outside ${within.join(', ')}`);
    }
    if (entry.kind !== 'folder') continue;
    for (const path of entry.files.keys()) {
      if (!isContainedPath(path)) {
        throw new AuthoringError('output-failed', `refused to write ${path}: it leaves ${entry.name ?? entry.target}`);
      }
    }
  }
}

/** Writes `files` into the folder `dir`, a batch at a time. */
async function writeFolder(
  fs: OutputFileSystem,
  dir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const entries = [...files].map(([path, data]) => [join(dir, path), data] as const);
  for (const folder of new Set(entries.map(([file]) => dirname(file)))) await fs.mkdir(folder, { recursive: true });
  for (let start = 0; start < entries.length; start += writeBatch) {
    // Settle the whole batch before failing, so no write is still running when the folder is removed.
    const results = await Promise.allSettled(
      entries.slice(start, start + writeBatch).map(([file, data]) => fs.writeFile(file, data)),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }
}

/**
 * The one all-or-nothing writer of catalog-schema (generate's outputs, build's dist/, rename,
 * releases, sync:deps, scaffold): every new file or folder is first written complete beside its
 * target (`.<name>.catalog-schema-tmp-<tag>`); only when all are written are they moved in, in
 * the order given, each previous one moved aside first (`.<name>.catalog-schema-old-<tag>`) and
 * removed at the end. A failure while writing removes what was written and the folders made for
 * it; a failure while moving in puts every target moved so far back. Nothing is ever written
 * outside the folders the command owns (`within`).
 */
export async function writeAllOrNothing(
  entries: readonly WriteEntry[],
  options: WriteAllOrNothingOptions,
): Promise<void> {
  const fs = options.fs ?? nodeOutputFileSystem;
  const fail = options.failed ?? ((error: unknown) => error);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staged: Staged[] = [];
  const createdFolders: string[] = [];
  let phase: WritePhase = 'stage';
  try {
    refuseOutside(entries, options.within);
    for (const entry of entries) {
      const temp = entry.kind === 'remove' ? undefined : sibling(entry.target, 'catalog-schema-tmp', tag);
      const item: Staged = { entry, temp, swapped: false };
      staged.push(item);
      if (temp === undefined) continue;
      const missing = outermostMissing(dirname(entry.target));
      if (missing) createdFolders.push(missing);
      if (entry.kind === 'folder') {
        await writeFolder(fs, temp, entry.files);
      } else if (entry.kind === 'file') {
        if (missing) await fs.mkdir(dirname(entry.target), { recursive: true });
        await fs.writeFile(temp, entry.content);
      }
    }
    phase = 'commit';
    for (const item of staged) {
      const { target } = item.entry;
      if (existsSync(target)) {
        item.old = sibling(target, 'catalog-schema-old', tag);
        await fs.rename(target, item.old);
      }
      if (item.temp !== undefined) {
        try {
          await fs.rename(item.temp, target);
        } catch (error) {
          if (item.old) await fs.rename(item.old, target);
          item.old = undefined;
          throw error;
        }
      }
      item.swapped = true;
    }
  } catch (error) {
    const quietly = (work: Promise<unknown>) => work.catch(() => undefined);
    for (const item of [...staged].reverse()) {
      if (item.swapped) {
        if (item.temp !== undefined) await quietly(fs.rm(item.entry.target, { recursive: true, force: true }));
        if (item.old) await quietly(fs.rename(item.old, item.entry.target));
      }
      if (item.temp !== undefined) await quietly(fs.rm(item.temp, { recursive: true, force: true }));
    }
    for (const folder of createdFolders.reverse()) await quietly(fs.rm(folder, { recursive: true, force: true }));
    throw fail(error, phase);
  }
  for (const item of staged) if (item.old) await fs.rm(item.old, { recursive: true, force: true });
}
