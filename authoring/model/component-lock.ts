import { posix } from 'node:path';
import { sotPath, sourceLayout } from '../source/source-layout.js';
import type { CanonicalModel, ComponentModel } from './canonical-model.js';
import { componentNames } from './strapi-names.js';

/** One entry of component-ids.lock.json: what a component id is bound to. */
export interface ComponentLockEntry {
  /** The component's source file, relative to src/source/. */
  readonly file: string;
  /** Its Strapi table: changing it loses the stored data, so it is locked. */
  readonly collectionName: string;
}

/** The content of component-ids.lock.json. */
export interface ComponentLock {
  readonly components: Readonly<Record<string, ComponentLockEntry>>;
}

const sourceDir = posix.dirname(sourceLayout.lockFile);

/** The lock entry a component should have. */
export function lockEntryOf(component: ComponentModel): ComponentLockEntry {
  return {
    file: posix.relative(sourceDir, component.file.path),
    collectionName: componentNames(component).collectionName,
  };
}

/** The entries of a parsed lock file, or undefined when it is not `{"components": {…}}` (layer 1 reports that). */
export function readLockEntries(data: unknown): Record<string, Partial<ComponentLockEntry>> | undefined {
  const components = (data as { components?: unknown } | undefined)?.components;
  return typeof components === 'object' && components !== null && !Array.isArray(components)
    ? (components as Record<string, Partial<ComponentLockEntry>>)
    : undefined;
}

/** Each locked id's `file`, from a parsed lock file (entries without a string `file` are left out). */
export function lockedFiles(data: unknown): Map<string, string> {
  const files = new Map<string, string>();
  for (const [id, entry] of Object.entries(readLockEntries(data) ?? {})) {
    if (typeof entry?.file === 'string') files.set(id, entry.file);
  }
  return files;
}

/** The lock that matches the model's components (the first file of each id), sorted by id. */
export function buildComponentLock(model: CanonicalModel): ComponentLock {
  const components: Record<string, ComponentLockEntry> = {};
  for (const component of model.components) components[component.id] ??= lockEntryOf(component);
  return { components };
}

/** The lock file's text: `$schema`, then the entries sorted by id; two-space JSON, final newline. */
export function serializeComponentLock(lock: ComponentLock): string {
  const components = Object.fromEntries(
    Object.entries(lock.components).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const $schema = posix.relative(sourceDir, sotPath('component-ids.lock'));
  return `${JSON.stringify({ $schema, components }, null, 2)}\n`;
}
