import { posix } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SchemaPackageFiles } from '../source/schema-package-files.js';
import type { SourceFile } from '../source/source-file.js';
import { type SotName, sotNames, sotPath } from '../source/source-layout.js';
import { ajvErrorDiagnostic } from './ajv-error-diagnostic.js';

/** Which sot schema each kind of source file is validated against. */
type SourceKind = Exclude<SotName, 'field'>;

interface CompiledSot {
  readonly validators: ReadonlyMap<SourceKind, ValidateFunction>;
  readonly diagnostics: readonly Diagnostic[];
}

/** Compiled sot schemas by their texts: compiling costs more than validating a whole package. */
const compiledSotCache = new Map<string, CompiledSot>();

function compileSotOnce(files: SchemaPackageFiles): CompiledSot {
  const key = sotNames.map((name) => `${name}\0${files.sot.get(name)?.text ?? '\0missing'}`).join('\0');
  let compiled = compiledSotCache.get(key);
  if (!compiled) {
    const diagnostics: Diagnostic[] = [];
    compiled = { validators: compileSot(files, diagnostics), diagnostics };
    const oldest = compiledSotCache.keys().next().value;
    if (compiledSotCache.size >= 8 && oldest !== undefined) compiledSotCache.delete(oldest);
    compiledSotCache.set(key, compiled);
  }
  return compiled;
}

function compileSot(files: SchemaPackageFiles, diagnostics: Diagnostic[]): Map<SourceKind, ValidateFunction> {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validators = new Map<SourceKind, ValidateFunction>();
  const invalid = new Set<SotName>();
  for (const name of sotNames) {
    const file = files.sot.get(name);
    if (!file) {
      diagnostics.push({
        path: sotPath(name),
        line: 1,
        column: 1,
        code: 'sot-missing',
        message: `the validation schema ${sotPath(name)} is missing (copy it from authoring/sot/)`,
      });
      continue;
    }
    if (file.syntaxError) continue;
    try {
      ajv.addSchema(file.data as object, `${name}.schema.json`);
    } catch (error) {
      invalid.add(name);
      diagnostics.push(file.diagnostic([], 'sot-invalid', `not a valid JSON Schema: ${(error as Error).message}`));
    }
  }
  for (const name of sotNames) {
    if (name === 'field' || !files.sot.has(name) || invalid.has(name)) continue;
    try {
      const validate = ajv.getSchema(`${name}.schema.json`);
      if (validate) validators.set(name, validate);
    } catch (error) {
      // A schema that refers to a missing sot file (sot-missing, reported above) is skipped.
      const missingRef = (error as { missingRef?: string }).missingRef;
      if (
        missingRef !== undefined &&
        sotNames.some((other) => !files.sot.has(other) && missingRef.startsWith(`${other}.schema.json`))
      ) {
        continue;
      }
      const file = files.sot.get(name);
      // Only sot files that are there are compiled.
      if (file === undefined) continue;
      diagnostics.push(file.diagnostic([], 'sot-invalid', `cannot be compiled: ${(error as Error).message}`));
    }
  }
  return validators;
}

/** `$schema`, when present, must lead from the file's folder to the right sot file. */
function checkSchemaPath(file: SourceFile, kind: SourceKind): Diagnostic | undefined {
  const data = file.data as { $schema?: unknown } | undefined;
  if (typeof data?.$schema !== 'string') return undefined;
  const expected = sotPath(kind);
  const resolved = posix.normalize(posix.join(posix.dirname(file.path), data.$schema));
  if (resolved === expected) return undefined;
  const relative = posix.relative(posix.dirname(file.path), expected);
  return file.diagnostic(['$schema'], 'schema-path-wrong', `$schema must point at ${expected}: use "${relative}"`);
}

/**
 * Layer 1 of spec 4.4: every source file against its `src/sot/*.schema.json` (ajv, all errors,
 * mapped back to lines), and its `$schema` path. Files that are not JSON are reported once, here.
 */
export function validateSourceSchemas(files: SchemaPackageFiles): Diagnostic[] {
  const compiled = compileSotOnce(files);
  const diagnostics: Diagnostic[] = [...compiled.diagnostics];
  const validators = compiled.validators;
  const sources: [SourceFile | undefined, SourceKind][] = [
    [files.version, 'version'],
    [files.lock, 'component-ids.lock'],
    ...files.components.map((file): [SourceFile, SourceKind] => [file, 'component']),
    ...files.collections.map((file): [SourceFile, SourceKind] => [file, 'collection']),
  ];
  for (const [file, kind] of sources) {
    if (!file) continue;
    if (file.syntaxError) {
      diagnostics.push(file.syntaxError);
      continue;
    }
    for (const duplicate of file.duplicateKeys()) diagnostics.push(duplicate); // any number: no spread
    const schemaPath = checkSchemaPath(file, kind);
    if (schemaPath) diagnostics.push(schemaPath);
    const validate = validators.get(kind);
    if (validate && !validate(file.data)) {
      for (const error of validate.errors ?? []) diagnostics.push(ajvErrorDiagnostic(file, error));
    }
  }
  for (const file of files.sot.values()) if (file.syntaxError) diagnostics.push(file.syntaxError);
  if (!files.version) {
    diagnostics.push({
      path: 'src/source/version.json',
      line: 1,
      column: 1,
      code: 'file-missing',
      message: 'src/source/version.json is missing',
    });
  }
  return diagnostics;
}
