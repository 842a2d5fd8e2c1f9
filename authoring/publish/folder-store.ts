import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { checkObjectKey, type ObjectStore } from './object-store.js';

/** The largest object a store hands back (16 MiB): artifacts are small JSON and modules. */
export const maxStoredObjectBytes = 16 * 1024 * 1024;

/**
 * The embedded default {@link ObjectStore}: `<root>/<key>` in a folder that the artifacts origin
 * serves over HTTP. Rules:
 * - Nothing outside the root is read or written. The root may itself be a symbolic link (where
 *   it lives is the operator's choice); inside it, a link in a key's path whose real path leaves
 *   the root's real path is refused (`store-failed`), one that stays inside is followed. These
 *   checks defend against links present in the folder, not against a concurrent writer swapping
 *   folders for links between the check and the write.
 * - `put` writes a temp file beside the target, then renames it over: a reader sees the old file
 *   or the new one. A link at the final segment is replaced by the rename, its target untouched.
 * - A missing root holds nothing (`get` answers `undefined`); `put` creates it, but only when its
 *   parent exists, so that a mistyped path fails instead of growing a tree somewhere.
 * - A key naming a folder, or passing through a file, has no object (as on S3).
 */
export class FolderStore implements ObjectStore {
  readonly description: string;
  /** A path is a file or a folder: the module's entry stub is `<path>.mjs` beside its folder. */
  readonly flatKeys = false;
  readonly #root: string;

  /** `root`: the folder, resolved against the working directory now. */
  constructor(root: string) {
    this.#root = resolve(root);
    this.description = `folder ${this.#root}`;
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    checkObjectKey(key);
    try {
      const rootReal = await realpathOrUndefined(this.#root);
      if (rootReal === undefined) return undefined;
      const real = await realpathOrUndefined(join(this.#root, key));
      if (real === undefined) return undefined;
      this.#checkInside(rootReal, real, key);
      const handle = await open(real, 'r');
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) return undefined;
        if (stats.size > maxStoredObjectBytes) throw this.#tooLarge(key, stats.size);
        const bytes = await handle.readFile();
        // The file may have grown since stat (another writer not going through put).
        if (bytes.byteLength > maxStoredObjectBytes) throw this.#tooLarge(key, bytes.byteLength);
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (isCode(error, 'EISDIR')) return undefined;
      throw this.#failure('read', key, error);
    }
  }

  /** The content type is not kept: the origin derives it from the file name. */
  async put(key: string, bytes: Uint8Array, _options: { readonly contentType: string }): Promise<void> {
    checkObjectKey(key);
    let temp: string | undefined;
    try {
      const folder = await this.#parentFolder(key);
      const target = join(folder, basename(key));
      // Not derived from the name, which may already be as long as a file name can be.
      temp = join(folder, `.put-${randomBytes(8).toString('hex')}.tmp`);
      // 'wx' (O_CREAT | O_EXCL) never opens an existing path, a link included.
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.datasync(); // the rename must not land before the bytes do (a crash leaves old or new)
      } finally {
        await handle.close();
      }
      await rename(temp, target);
      temp = undefined;
    } catch (error) {
      if (temp !== undefined) await rm(temp, { force: true }).catch(() => {});
      throw this.#failure('write', key, error);
    }
  }

  /**
   * The real path of the folder that holds `key`, created segment by segment (root included,
   * when its parent exists), each existing segment checked to stay inside the root.
   */
  async #parentFolder(key: string): Promise<string> {
    let rootReal = await realpathOrUndefined(this.#root);
    if (rootReal === undefined) {
      await mkdirOnce(this.#root);
      rootReal = await realpath(this.#root);
    }
    let folder = rootReal;
    const parent = dirname(key);
    if (parent === '.') return folder;
    for (const segment of parent.split('/')) {
      const next = join(folder, segment);
      await mkdirOnce(next);
      folder = await realpath(next);
      this.#checkInside(rootReal, folder, key);
      if (!(await lstat(folder)).isDirectory()) {
        throw new AuthoringError('store-failed', `${this.description}: cannot write ${key}: ${segment} is a file`);
      }
    }
    return folder;
  }

  #checkInside(rootReal: string, real: string, key: string): void {
    if (real === rootReal || real.startsWith(rootReal + sep)) return;
    throw new AuthoringError(
      'store-failed',
      `${this.description}: refused ${JSON.stringify(key)}: a symbolic link leads outside the folder (to ${real})`,
    );
  }

  #tooLarge(key: string, size: number): AuthoringError {
    return new AuthoringError(
      'store-failed',
      `${this.description}: ${key} has ${size} bytes, more than the ${maxStoredObjectBytes} an object may have`,
    );
  }

  #failure(action: 'read' | 'write', key: string, error: unknown): AuthoringError {
    if (error instanceof AuthoringError) return error;
    const reason = error instanceof Error ? error.message : String(error);
    return new AuthoringError('store-failed', `${this.description}: cannot ${action} ${key}: ${reason}`, {
      cause: error,
    });
  }
}

/** The real path, or `undefined` when there is nothing there (a dangling link included). */
async function realpathOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch (error) {
    if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return undefined;
    throw error;
  }
}

/** mkdir of one level: its parent must exist; an existing entry is left for the caller to check. */
async function mkdirOnce(path: string): Promise<void> {
  try {
    await mkdir(path);
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error;
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
