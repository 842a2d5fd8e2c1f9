import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/diagnostic-code.js';
import type { JsonPath, SourceFile } from '../source/source-file.js';

function pathOf(instancePath: string): string[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

const codeByKeyword: Readonly<Record<string, DiagnosticCode>> = {
  required: 'schema-required',
  additionalProperties: 'schema-unknown-key',
  type: 'schema-type',
  enum: 'schema-enum',
  pattern: 'schema-pattern',
};

/** Where the validated value sits in the file, and the one code to report, when not the whole file. */
export interface AjvErrorPlacement {
  /** The path of the validated value inside the file (variant meta: `["props"]`). */
  readonly under: JsonPath;
  readonly code: DiagnosticCode;
}

/**
 * Maps one ajv error to a located diagnostic: unknown keys point at the key, the rest at the value.
 * With `placement`, the value validated sits at `placement.under` and every error has its code.
 */
export function ajvErrorDiagnostic(file: SourceFile, error: ErrorObject, placement?: AjvErrorPlacement): Diagnostic {
  const path = [...(placement?.under ?? []), ...pathOf(error.instancePath)];
  const prefix = placement ? placement.under.map((segment) => `/${segment}`).join('') : '';
  const where = prefix + error.instancePath || '/';
  const code = placement?.code ?? codeByKeyword[error.keyword] ?? 'schema-violation';
  switch (error.keyword) {
    case 'required':
      return file.diagnostic(path, code, `${where} is missing the required key "${error.params.missingProperty}"`);
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      return file.diagnostic([...path, key], code, `${where} has an unknown key "${key}"`, 'key');
    }
    case 'enum':
      return file.diagnostic(
        path,
        code,
        `${where} must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`,
      );
    default:
      return file.diagnostic(path, code, `${where} ${error.message ?? 'is invalid'}`);
  }
}
