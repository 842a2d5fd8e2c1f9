import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ModelIndex } from './model-rule.js';

/**
 * Duplicate component ids and duplicate collection ids, each reported once, at the duplicate's
 * id, naming the file that keeps the id: the one the lock binds it to, else the first by path
 * (indexModel). The other rules never see the duplicate, so it causes no further error.
 */
export function duplicateIds(index: ModelIndex): Diagnostic[] {
  return index.duplicates.map(({ kind, model, owner, locked }) => {
    const at = owner.file.locate(['id']);
    const why = locked ? 'the file the lock binds it to' : 'the first file by path';
    return model.file.diagnostic(
      ['id'],
      kind === 'component' ? 'component-id-duplicate' : 'collection-id-duplicate',
      `${kind} id "${model.id}" is already defined at ${owner.file.path}:${at.line}:${at.column} (${why}): give this file another id or remove it`,
    );
  });
}
