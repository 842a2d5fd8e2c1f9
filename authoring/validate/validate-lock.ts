import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { lockEntryOf, readLockEntries } from '../model/component-lock.js';
import type { SchemaPackageFiles } from '../source/schema-package-files.js';
import { sourceLayout } from '../source/source-layout.js';
import type { ModelIndex } from './rules/model-rule.js';

/**
 * Layer 3 of spec 4.4: component-ids.lock.json against the component files: every id locked
 * (missing), no id locked without its file (extra), and each entry still true (changed).
 * `lock:components` rewrites the lock. An id that several files declare is left to
 * `component-id-duplicate`: lock:components refuses while it stands, so no advice to run it is
 * given for that id (it could only lock the wrong file).
 */
export function validateLock(files: SchemaPackageFiles, index: ModelIndex): Diagnostic[] {
  const { lock } = files;
  const { model, unreadable } = index;
  if (!lock) {
    if (model.components.length === 0) return [];
    return [
      {
        path: sourceLayout.lockFile,
        line: 1,
        column: 1,
        code: 'lock-missing',
        message: `${sourceLayout.lockFile} is missing: run lock:components`,
      },
    ];
  }
  const entries = readLockEntries(lock.data);
  if (!entries) return []; // layer 1 reports a lock of the wrong shape
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const duplicated = new Set(index.duplicates.map((duplicate) => duplicate.model.id));
  for (const component of model.components) {
    seen.add(component.id);
    if (duplicated.has(component.id)) continue;
    const entry = entries[component.id];
    if (!entry) {
      diagnostics.push(
        component.file.diagnostic(
          ['id'],
          'lock-entry-missing',
          `component id "${component.id}" is not locked: run lock:components`,
        ),
      );
      continue;
    }
    const expected = lockEntryOf(component);
    const changed = (['file', 'collectionName'] as const).filter((key) => entry[key] !== expected[key]);
    if (changed.length > 0) {
      const what = changed
        .map((key) => `${key} ${JSON.stringify(entry[key])} → ${JSON.stringify(expected[key])}`)
        .join(', ');
      diagnostics.push(
        lock.diagnostic(
          ['components', component.id],
          'lock-entry-changed',
          `lock entry of "${component.id}" changed: ${what} (run lock:components)`,
          'key',
        ),
      );
    }
  }
  for (const [id, entry] of Object.entries(entries)) {
    // An entry of a component file that failed to parse is not reported: the file's error is.
    const unread =
      unreadable.components.has(id) || (typeof entry?.file === 'string' && unreadable.componentFiles.has(entry.file));
    if (!seen.has(id) && !unread) {
      diagnostics.push(
        lock.diagnostic(
          ['components', id],
          'lock-entry-extra',
          `"${id}" is locked but no component file defines it: run lock:components`,
          'key',
        ),
      );
    }
  }
  return diagnostics;
}
