import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { AttributeOf, RelationType } from '../../model/attribute.js';
import { resolveRelationTarget } from '../../model/resolve-relation-target.js';
import { attributeDiagnostic, type ModelIndex, owners } from './model-rule.js';

/** The relation type the other side of a two-way relation has. */
const counterpart: Readonly<Record<RelationType, RelationType>> = {
  oneToOne: 'oneToOne',
  manyToMany: 'manyToMany',
  oneToMany: 'manyToOne',
  manyToOne: 'oneToMany',
};

/** The only key each one-to-many direction may take, as Strapi's CTB writes the pair. */
const sideOf: Partial<Record<RelationType, 'inversedBy' | 'mappedBy'>> = {
  oneToMany: 'mappedBy',
  manyToOne: 'inversedBy',
};

/**
 * Relations: targets that exist and are collection types (the CTB never offers a single type as a
 * target); two-way relations only between our own collections; the side
 * each type takes (oneToMany is the mappedBy side, manyToOne the inversedBy side, as Strapi's CTB
 * writes them); and an inversedBy that the other side answers with a mappedBy naming it back,
 * with the counterpart type (and the reverse).
 */
export function relationPairs(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    for (const attribute of owner.model.attributes) {
      if (attribute.type !== 'relation') continue;
      const target = resolveRelationTarget(attribute, index.collections, index.collectionsByUid);
      const key =
        attribute.inversedBy !== undefined ? 'inversedBy' : attribute.mappedBy !== undefined ? 'mappedBy' : undefined;
      if (target.kind === 'unknown') {
        // A collection whose file failed to parse is reported there, not at every relation to it.
        const id = attribute.target.startsWith('api::') ? (attribute.target.split('.').at(-1) ?? '') : attribute.target;
        if (index.unreadable.collections.has(id)) continue;
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'relation-target-unknown',
            `relation target "${attribute.target}" is not a collection of this package`,
            'target',
          ),
        );
        continue;
      }
      if (target.kind === 'collection' && target.collection.kind === 'singleType') {
        // Strapi's Content-Type Builder offers only collection types as relation targets.
        const message = `relation target ${target.collection.id} is a single type: a relation must point at a collection type`;
        diagnostics.push(attributeDiagnostic(attribute, 'relation-target-single-type', message, 'target'));
        continue;
      }
      if (key === undefined || owner.kind === 'component') continue;
      if (target.kind === 'external') {
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'relation-inverse-external',
            `${target.uid} is not generated here, so it cannot hold the other side: drop ${key}`,
            key,
          ),
        );
        continue;
      }
      const side = sideOf[attribute.relation];
      if (side !== undefined && key !== side) {
        const message = `a ${attribute.relation} relation takes ${side} (its ${counterpart[attribute.relation]} side takes ${key})`;
        diagnostics.push(attributeDiagnostic(attribute, 'relation-side-invalid', message, key));
        continue;
      }
      for (const diagnostic of checkOtherSide(index, owner.model.id, attribute, key, target.collection.id)) {
        diagnostics.push(diagnostic);
      }
    }
  }
  return diagnostics;
}

function checkOtherSide(
  index: ModelIndex,
  ownerId: string,
  attribute: AttributeOf<'relation'>,
  key: 'inversedBy' | 'mappedBy',
  targetId: string,
): Diagnostic[] {
  const otherName = attribute[key];
  const other = index.collections.get(targetId)?.attributes.find((candidate) => candidate.name === otherName);
  if (!other) {
    return [
      attributeDiagnostic(
        attribute,
        'relation-inverse-missing',
        `collection ${targetId} has no field "${otherName}"`,
        key,
      ),
    ];
  }
  const answer = key === 'inversedBy' ? 'mappedBy' : 'inversedBy';
  const expected = `relation(${counterpart[attribute.relation]},${ownerId},${answer}=${attribute.name})`;
  if (other.type !== 'relation') {
    return [
      attributeDiagnostic(attribute, 'relation-inverse-mismatch', `${targetId}.${otherName} must be ${expected}`, key),
    ];
  }
  const otherTarget = resolveRelationTarget(other, index.collections, index.collectionsByUid);
  const pointsBack = otherTarget.kind === 'collection' && otherTarget.collection.id === ownerId;
  if (!pointsBack || other[answer] !== attribute.name || other.relation !== counterpart[attribute.relation]) {
    return [
      attributeDiagnostic(attribute, 'relation-inverse-mismatch', `${targetId}.${otherName} must be ${expected}`, key),
    ];
  }
  return [];
}
