import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PlaygroundStartError } from './playground-start-error.js';

/** The file that marks a folder as the playground's, with the pid of the `npm start` using it. */
const MARKER = '.playground-state';
/** What the playground puts in its folder. */
const OWN_ENTRIES = [MARKER, 'artifacts', 'worker'];

/** The playground's state folder, claimed by this process. */
export interface StateFolder {
  readonly path: string;
  /** Where the artifacts origin serves from. */
  readonly artifactsDir: string;
  /** Where the built service worker goes. */
  readonly workerDir: string;
  /** Gives the folder up (the marker stays, without a pid). */
  release(): Promise<void>;
}

/**
 * Claims `path` for this process. Refused: a folder that has files but no marker (it is not the
 * playground's: nothing in it is touched), and a folder another running `npm start` holds. Only
 * the subfolders the playground made (`artifacts/`, `worker/`) are ever replaced.
 */
export async function claimStateFolder(path: string): Promise<StateFolder> {
  const folder = resolve(path);
  const entries = await readdir(folder).catch(() => [] as string[]);
  // Ours: marked, or holding nothing but what the playground makes (a folder from before markers).
  const ours = entries.includes(MARKER) || entries.every((entry) => OWN_ENTRIES.includes(entry));
  if (!ours) {
    throw new PlaygroundStartError(
      'state-folder',
      `${folder} has files the playground did not make; set PLAYGROUND_STATE_DIR to an empty or new folder`,
    );
  }
  const holder = Number((await readFile(join(folder, MARKER), 'utf8').catch(() => '')).trim());
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
    throw new PlaygroundStartError(
      'state-folder',
      `another npm start (pid ${holder}) uses ${folder}; stop it, or set PLAYGROUND_STATE_DIR to another folder`,
    );
  }
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, MARKER), `${process.pid}\n`);
  return {
    path: folder,
    artifactsDir: join(folder, 'artifacts'),
    workerDir: join(folder, 'worker'),
    release: () => writeFile(join(folder, MARKER), ''),
  };
}

/** Empties the playground's own subfolders of `state`. */
export async function resetStateFolder(state: StateFolder): Promise<void> {
  await Promise.all([state.artifactsDir, state.workerDir].map((dir) => rm(dir, { recursive: true, force: true })));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
