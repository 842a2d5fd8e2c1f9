import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import writeChangeset from '@changesets/write';
import { withScratchFolder } from './scratch-folder.js';

/** The bump types of a change set (spec 9.5). */
export const bumpTypes = ['patch', 'minor', 'major'] as const;

/** One of `bumpTypes`. */
export type BumpType = (typeof bumpTypes)[number];

/** The change set folder at the schema package root, as Changesets names it. */
export const changesetDir = '.changeset';

/** A change set file to write: its id, its path relative to the schema package root, its text. */
export interface ChangesetFile {
  readonly id: string;
  readonly path: string;
  readonly text: string;
}

/** How many fresh ids are drawn before giving up on one that no file at `root` has. */
const idAttempts = 5;

/**
 * The change set file for `names` with one bump and a summary, made by Changesets' own writer
 * (@changesets/write: its random id, its front matter) in a scratch folder; the caller writes it
 * into `<root>/.changeset/`. The writer formats it with the prettier Changesets ships with, as
 * `changeset add` does.
 */
export async function changesetFile(
  root: string,
  names: readonly string[],
  bump: BumpType,
  summary: string,
): Promise<ChangesetFile> {
  return withScratchFolder(async (scratch) => {
    for (let attempt = 0; attempt < idAttempts; attempt += 1) {
      const id = await writeChangeset({ summary, releases: names.map((name) => ({ name, type: bump })) }, scratch);
      const path = posix.join(changesetDir, `${id}.md`);
      if (existsSync(join(root, path))) continue;
      const text = await readFile(join(scratch, changesetDir, `${id}.md`), 'utf8');
      return { id, path, text };
    }
    throw new Error(`Changesets drew ${idAttempts} ids that ${changesetDir}/ already has`);
  });
}
