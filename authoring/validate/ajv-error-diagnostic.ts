import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/diagnostic-code.js';
import type { SourceFile } from '../source/source-file.js';

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

/** Maps one ajv error to a located diagnostic: unknown keys point at the key, the rest at the value. */
export function ajvErrorDiagnostic(file: SourceFile, error: ErrorObject): Diagnostic {
  const path = pathOf(error.instancePath);
  const where = error.instancePath || '/';
  const code = codeByKeyword[error.keyword] ?? 'schema-violation';
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
