import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { attributeDiagnostic, type ModelIndex } from './model-rule.js';

/**
 * Spec 4.4: collections whose detail fetch depends on a slug need one. Decision
 * (docs/authoring-validate.md): every collection type is fetched in detail by `slug`, so each has a `slug`
 * field of type uid that every entry fills: required, or generated from a `targetField`. Single
 * types have no detail fetch.
 */
export function slugField(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const collection of index.model.collections) {
    if (collection.kind !== 'collectionType') continue;
    const slug = collection.attributes.find((attribute) => attribute.name === 'slug');
    const hasFields = typeof collection.file.valueAt(['fields']) === 'object';
    if (!slug && hasFields) {
      diagnostics.push(
        collection.file.diagnostic(
          ['fields'],
          'slug-missing',
          `collection ${collection.id} needs a slug field for its detail fetch (e.g. "slug": "uid(title)!")`,
          'key',
        ),
      );
    } else if (slug && slug.type !== 'uid') {
      diagnostics.push(attributeDiagnostic(slug, 'slug-invalid', `slug must be a uid field, not ${slug.type}`));
    } else if (slug?.type === 'uid' && !slug.required && slug.targetField === undefined) {
      // Neither required nor filled from another field: entries could have no slug, and a detail
      // fetch by slug could never find them.
      const message = 'slug must be required ("uid!") or take its value from a field ("uid(title)")';
      diagnostics.push(attributeDiagnostic(slug, 'slug-invalid', message));
    }
  }
  return diagnostics;
}
