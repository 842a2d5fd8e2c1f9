import { constants, type Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PlaygroundStartError } from './playground-start-error.js';
import { CACHE_KEY_FILE, CACHE_STORES } from './publish-cache.js';
import { isPublishedArtifactPath, isPublishedModulePath } from './published-paths.js';
import { RELEASE_COPY, releaseCopyPaths } from './release-copy.js';

/** The file that marks a folder as the playground's, with the pid of the `npm start` using it. */
const MARKER = '.playground-state';
/** What buildWorkerScript writes into `worker/`. */
const WORKER_FILES: readonly string[] = ['service-worker.js'];
/** The playground's subfolders: emptied at each start. */
const SUBFOLDERS: readonly string[] = ['artifacts', 'esm', 'worker', RELEASE_COPY];
/** The copy of the last start's publish (publish-cache.ts): kept from one start to the next. */
const CACHE = 'publish-cache';

/** The playground's state folder, claimed by this process. */
export interface StateFolder {
  readonly path: string;
  /** Where the artifacts origin serves from (a publish's `CATALOG_ARTIFACTS_STORE`). */
  readonly artifactsDir: string;
  /** The folder the ESM origin serves besides the example modules (a publish's `CATALOG_ESM_STORE`). */
  readonly esmDir: string;
  /** Where the built service worker goes. */
  readonly workerDir: string;
  /** The copy of the last publish (publish-cache.ts), kept across starts. */
  readonly cacheDir: string;
  /** Where a release is published from: a copy of the schema package with its overlay (release-copy.ts). */
  readonly releaseDir: string;
  /** Gives the folder up (the marker stays, without a pid). */
  release(): Promise<void>;
}

/**
 * Claims `path` for this process. The folder must be new, empty, or hold nothing but what the
 * playground makes: the marker, `artifacts/` (what a publish puts in a folder store: the catalog,
 * package folders with their artifacts and manifest, temporary files), `esm/` (modules a publish
 * put there, in esm.sh's shape), `worker/` (the built worker), `publish-cache/` (a copy of
 * both stores and its key) and `release/` (a copy of the schema package with a release overlay,
 * holding only paths such a copy has). Anything else, anywhere in it, and any symbolic link,
 * refuses it whatever the marker says (a marker proves nothing: it is one file anyone can copy).
 * Refused too: a folder another running `npm start` holds. A refused folder is left exactly as it
 * was.
 */
export async function claimStateFolder(path: string): Promise<StateFolder> {
  const folder = resolve(path);
  await checkOwnFolder(folder);
  const holder = Number((await readFile(join(folder, MARKER), 'utf8').catch(() => '')).trim());
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
    throw new PlaygroundStartError(
      'state-folder',
      `another npm start (pid ${holder}) uses ${folder}; stop it, or set PLAYGROUND_STATE_DIR to another folder`,
    );
  }
  await mkdir(folder, { recursive: true });
  await writeMarker(folder, `${process.pid}\n`);
  return {
    path: folder,
    artifactsDir: join(folder, 'artifacts'),
    esmDir: join(folder, 'esm'),
    workerDir: join(folder, 'worker'),
    cacheDir: join(folder, CACHE),
    releaseDir: join(folder, RELEASE_COPY),
    release: () => writeMarker(folder, ''),
  };
}

/**
 * Empties the playground's own subfolders of `state` (`publish-cache/` stays), after checking
 * again that they hold only what the playground makes (a file added since the claim is refused,
 * not deleted).
 */
export async function resetStateFolder(state: StateFolder): Promise<void> {
  await checkOwnFolder(state.path);
  await Promise.all(SUBFOLDERS.map((dir) => rm(join(state.path, dir), { recursive: true, force: true })));
}

/** Whether `path` (inside the artifacts or ESM folder store, or their copies) is one a publish makes. */
function isStorePath(store: string, path: string, directory: boolean): boolean {
  if (store === 'artifacts') return isPublishedArtifactPath(path, directory);
  return store === 'esm' && isPublishedModulePath(path, directory);
}

/** Throws `state-folder` unless `folder` is missing or holds only what the playground makes. */
async function checkOwnFolder(folder: string): Promise<void> {
  const copyPaths = await releaseCopyPaths();
  const own = (entry: string, dirent: Dirent): boolean => {
    if (dirent.isSymbolicLink()) return false;
    if (entry === MARKER) return dirent.isFile();
    const directory = dirent.isDirectory();
    if (!directory && !dirent.isFile()) return false;
    if (SUBFOLDERS.includes(entry) || entry === CACHE) return directory;
    const [top, store = '', ...rest] = entry.split('/');
    if (top === 'worker') return !directory && rest.length === 0 && WORKER_FILES.includes(store);
    if (top === 'artifacts' || top === 'esm') return isStorePath(top, [store, ...rest].join('/'), directory);
    if (top === RELEASE_COPY) return copyPaths.get([store, ...rest].join('/')) === (directory ? 'folder' : 'file');
    if (top !== CACHE) return false;
    // publish-cache/key, publish-cache/artifacts/…, publish-cache/esm/…
    if (rest.length === 0) {
      return store === CACHE_KEY_FILE ? !directory : directory && (CACHE_STORES as readonly string[]).includes(store);
    }
    return isStorePath(store, rest.join('/'), directory);
  };
  let foreign: string | undefined;
  try {
    foreign = await firstForeign(folder, '', own);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return; // a new folder
    throw new PlaygroundStartError(
      'state-folder',
      code === 'ENOTDIR'
        ? `${folder} is not a folder; set PLAYGROUND_STATE_DIR to an empty or new folder`
        : `${folder} cannot be read (${code}); set PLAYGROUND_STATE_DIR to an empty or new folder`,
    );
  }
  if (foreign !== undefined) {
    throw new PlaygroundStartError(
      'state-folder',
      `${folder} has files the playground did not make (${foreign}); set PLAYGROUND_STATE_DIR to an empty or new folder`,
    );
  }
}

/**
 * The first entry under `dir` (as `a/b`, in name order) that `own` refuses; it stops there, so a
 * large foreign folder is not walked. Symbolic links are never followed.
 */
async function firstForeign(
  dir: string,
  prefix: string,
  own: (entry: string, dirent: Dirent) => boolean,
): Promise<string | undefined> {
  const dirents = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const dirent of dirents) {
    const entry = prefix === '' ? dirent.name : `${prefix}/${dirent.name}`;
    if (!own(entry, dirent)) return entry;
    if (dirent.isDirectory()) {
      const inside = await firstForeign(join(dir, dirent.name), entry, own);
      if (inside !== undefined) return inside;
    }
  }
  return undefined;
}

/** Writes the marker; never through a symbolic link (O_NOFOLLOW: a link there fails, ELOOP). */
function writeMarker(folder: string, text: string): Promise<void> {
  return writeFile(join(folder, MARKER), text, {
    flag: constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
