import type { Stats } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What init does with each file of the template in its folder. */
export interface InitPlan {
  /** Files to write (nothing is at their path), relative to the folder. */
  readonly write: ReadonlyMap<string, Uint8Array>;
  /** Files already there with exactly the template's bytes: left as they are. */
  readonly kept: readonly string[];
  /** Paths in the way, each with why: a file with other bytes, a folder, a link, a file where a folder goes. */
  readonly conflicts: readonly string[];
}

/**
 * Compares `files` (relative paths → bytes) with what the folder `target` holds (`--force`): a
 * missing file is written, an identical one kept, anything else at the path or on the way to it is
 * a conflict. Links are never followed (a link inside the folder may lead out of it), so a path
 * through one is a conflict too.
 */
export async function planInit(target: string, files: ReadonlyMap<string, Uint8Array>): Promise<InitPlan> {
  const seen = new Map<string, Promise<Stats | undefined>>();
  const entryAt = (path: string) => {
    let entry = seen.get(path);
    if (entry === undefined) {
      entry = lstat(join(target, path)).catch(() => undefined);
      seen.set(path, entry);
    }
    return entry;
  };
  const write = new Map<string, Uint8Array>();
  const kept: string[] = [];
  const conflicts: string[] = [];
  for (const [path, bytes] of files) {
    const segments = path.split('/');
    let blocked: string | undefined;
    for (let depth = 1; depth < segments.length && blocked === undefined; depth += 1) {
      const folder = segments.slice(0, depth).join('/');
      const entry = await entryAt(folder);
      if (entry === undefined) break;
      if (entry.isSymbolicLink()) blocked = `${folder} is a symbolic link (${path} would be written through it)`;
      else if (!entry.isDirectory()) blocked = `${folder} is a file (${path} goes inside a folder of that name)`;
    }
    if (blocked !== undefined) {
      if (!conflicts.includes(blocked)) conflicts.push(blocked);
      continue;
    }
    const entry = await entryAt(path);
    if (entry === undefined) write.set(path, bytes);
    else if (entry.isSymbolicLink()) conflicts.push(`${path} is a symbolic link`);
    else if (!entry.isFile()) conflicts.push(`${path} is a folder, not a file`);
    else if (Buffer.from(bytes).equals(await readFile(join(target, path)))) kept.push(path);
    else conflicts.push(`${path} differs from the template's`);
  }
  return { write, kept, conflicts };
}
