import { type Diagnostic, sortDiagnostics } from '../diagnostics/diagnostic.js';
import type { CanonicalModel } from '../model/canonical-model.js';
import { lockedFiles } from '../model/component-lock.js';
import { parseSchemaPackage } from '../parse/parse-schema-package.js';
import { readSchemaPackage } from '../source/read-schema-package.js';
import type { SchemaPackageFiles } from '../source/schema-package-files.js';
import { indexModel } from './rules/model-rule.js';
import { modelRules } from './rules/model-rules.js';
import { validateLock } from './validate-lock.js';
import { validateSourceSchemas } from './validate-source-schemas.js';

/** A schema package read, parsed and validated: the canonical model and every failure, sorted. */
export interface ValidatedPackage {
  /** The source files read, each with its syntax tree. */
  readonly files: SchemaPackageFiles;
  /** The canonical model parsed from them. */
  readonly model: CanonicalModel;
  /** Every failure of the three layers, sorted. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Parse, then the three layers of spec 4.4, over files already read. */
export function validateFiles(files: SchemaPackageFiles): ValidatedPackage {
  const sourceSchemas = validateSourceSchemas(files);
  const { model, diagnostics: parsing, unreadable } = parseSchemaPackage(files);
  // The file the lock binds an id to keeps it when another file declares the same id.
  const index = indexModel(model, unreadable, lockedFiles(files.lock?.data));
  const rules = modelRules.flatMap((rule) => rule(index));
  const lock = validateLock(files, index);
  return { files, model, diagnostics: sortDiagnostics([...sourceSchemas, ...parsing, ...rules, ...lock]) };
}

/** Reads the schema package at `root` (absolute) and validates it: every failure at once. */
export async function validateSchemaPackage(root: string): Promise<ValidatedPackage> {
  return validateFiles(await readSchemaPackage(root));
}
