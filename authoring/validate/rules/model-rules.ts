import { attributeNameConflicts } from './attribute-name-conflicts.js';
import { cmpVariant } from './cmp-variant.js';
import { componentCycles } from './component-cycles.js';
import { componentReferences } from './component-references.js';
import { contentApiRoutes } from './content-api-routes.js';
import { deprecatedFields } from './deprecated-fields.js';
import { duplicateIds } from './duplicate-ids.js';
import { enumValues } from './enum-values.js';
import { generatedFields } from './generated-fields.js';
import { kindRestrictions } from './kind-restrictions.js';
import { modelNames } from './model-names.js';
import type { ModelRule } from './model-rule.js';
import { optionValues } from './option-values.js';
import { relationPairs } from './relation-pairs.js';
import { reservedNames } from './reserved-names.js';
import { slugField } from './slug-field.js';
import { tableNames } from './table-names.js';
import { uidTarget } from './uid-target.js';

/** Layer 2 of spec 4.4: the compiled-schema rules, in the order they report. */
export const modelRules: readonly ModelRule[] = [
  duplicateIds,
  reservedNames,
  generatedFields,
  attributeNameConflicts,
  modelNames,
  tableNames,
  contentApiRoutes,
  cmpVariant,
  componentReferences,
  componentCycles,
  kindRestrictions,
  uidTarget,
  enumValues,
  optionValues,
  relationPairs,
  slugField,
  deprecatedFields,
];
