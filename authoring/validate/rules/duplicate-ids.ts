import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ModelIndex } from './model-rule.js';

/** Duplicate component ids and duplicate collection ids: every later file is reported. */
export function duplicateIds(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [kind, list, first] of [
    ['component', index.model.components, index.components],
    ['collection', index.model.collections, index.collections],
  ] as const) {
    for (const item of list) {
      const original = first.get(item.id);
      if (!original || original === item) continue;
      const at = original.file.locate(['id']);
      diagnostics.push(
        item.file.diagnostic(
          ['id'],
          kind === 'component' ? 'component-id-duplicate' : 'collection-id-duplicate',
          `${kind} id "${item.id}" is already defined at ${original.file.path}:${at.line}:${at.column}`,
        ),
      );
    }
  }
  return diagnostics;
}
