import { Ajv } from 'ajv';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../source/source-file.js';
import { ajvErrorDiagnostic } from './ajv-error-diagnostic.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A variant meta's `schema` and `props` (spec 4.4): `schema` must be a JSON Schema ajv compiles
 * (draft-07, what registry:global writes), and `props`, the default data, must be valid against
 * it. A schema that breaks the meta-schema is reported where it does, inside `schema`; one that
 * does not compile otherwise (an unresolvable `$ref`, an unknown `$schema`) at `schema`. Props
 * errors point at the offending value inside `props`. Each meta gets its own ajv, so two variants
 * may use one `$id`.
 */
export function checkVariantMetaSchema(file: SourceFile): Diagnostic[] {
  const data = file.data as Record<string, unknown>;
  const { schema, props } = data;
  if (schema === undefined) return [];
  if (!isObject(schema))
    return [file.diagnostic(['schema'], 'meta-schema-invalid', '"schema" must be a JSON Schema object')];
  // logger: false — library code never prints (ajv warns on the console by default).
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
  let validate: ReturnType<Ajv['compile']>;
  try {
    if (!ajv.validateSchema(schema)) {
      // One diagnostic per place: an anyOf of the meta-schema fails several ways at one value.
      const seen = new Set<string>();
      const found: Diagnostic[] = [];
      for (const error of ajv.errors ?? []) {
        if (seen.has(error.instancePath)) continue;
        seen.add(error.instancePath);
        const located = ajvErrorDiagnostic(file, error, { under: ['schema'], code: 'meta-schema-invalid' });
        found.push({ ...located, message: `not a valid JSON Schema: ${located.message}` });
      }
      return found;
    }
    validate = ajv.compile(schema);
  } catch (error) {
    return [file.diagnostic(['schema'], 'meta-schema-invalid', `cannot be compiled: ${(error as Error).message}`)];
  }
  if (!isObject(props) || validate(props)) return [];
  return (validate.errors ?? []).map((error) =>
    ajvErrorDiagnostic(file, error, { under: ['props'], code: 'meta-props-invalid' }),
  );
}
