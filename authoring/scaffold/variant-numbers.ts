import { readdir, readFile } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import { sourceLayout } from '../source/source-layout.js';
import { editorSchemaDir } from './scaffold-paths.js';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * Every number n already taken by `<category>n`, with the first place that takes it: lock, source
 * files, editor schemas, registries, packages (paths relative to the package root).
 */
export async function takenNumbers(
  root: string,
  config: AuthoringConfig,
  category: string,
): Promise<Map<number, string>> {
  const name = escapeRegExp(category);
  const taken = new Map<number, string>();
  let where = '';
  const add = (text: string, pattern: RegExp): void => {
    for (const match of text.matchAll(pattern)) {
      const number = Number(match[1]);
      if (!taken.has(number)) taken.set(number, where);
    }
  };
  const names = async (dir: string): Promise<string[]> => readdir(resolve(root, dir)).catch((): string[] => []);
  // A variant name in a text: `hero.hero2`, `hero:hero2`, `hero/hero2`, `ui-hero2`, bounded.
  const inText = new RegExp(`(?:^|[^a-z0-9-])(?:${name}[.:/]|ui-)${name}(\\d+)(?![a-z0-9-])`, 'g');
  where = sourceLayout.lockFile;
  add(await readFile(resolve(root, sourceLayout.lockFile), 'utf8').catch(() => ''), inText);
  const fileName = new RegExp(`^${name}(\\d+)\\.json$`, 'g');
  for (const dir of [posix.join(sourceLayout.componentsDir, category), posix.join(editorSchemaDir, category)]) {
    for (const file of await names(dir)) {
      where = posix.join(dir, file);
      add(file, fileName);
    }
  }
  for (const file of await names(config.registries)) {
    if (!file.endsWith('.json')) continue;
    where = posix.join(config.registries, file);
    add(await readFile(resolve(root, config.registries, file), 'utf8').catch(() => ''), inText);
  }
  const folder = new RegExp(`^ui-${name}(\\d+)$`, 'g');
  for (const entry of await names(config.packages)) {
    where = posix.join(config.packages, entry);
    add(entry, folder);
  }
  return taken;
}

/** The number of `--variant <name>`: the category and a number from 1 (else a usage error). */
export function requestedNumber(category: string, variant: string): number {
  const match = new RegExp(`^${escapeRegExp(category)}([1-9]\\d{0,5})$`).exec(variant);
  if (!match?.[1])
    throw new AuthoringError(
      'usage',
      `--variant must be the category and a number from 1, like ${category}1 (got "${variant}")`,
    );
  return Number(match[1]);
}
