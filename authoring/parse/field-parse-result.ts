import type { DiagnosticCode } from '../diagnostics/diagnostic-code.js';
import type { AttributeSpec } from '../model/attribute.js';
import { type Failure, failure, type Result, type Success, success } from '../result.js';

/** A field whose type part is understood: its Strapi spec and whether `!` made it required. */
export interface ParsedFieldType {
  readonly spec: AttributeSpec;
  readonly required: boolean;
}

/** Why a field could not be understood: the code and message to report at its value. */
export interface FieldParseFailure {
  readonly code: DiagnosticCode;
  readonly message: string;
}

/** What parsing one field's type yields. */
export type FieldParseResult = Result<ParsedFieldType, FieldParseFailure>;

/** A field type understood. */
export function fieldType(required: boolean, spec: AttributeSpec): Success<ParsedFieldType> {
  return success({ required, spec });
}

/** A failure result. */
export function fieldFailure(code: DiagnosticCode, message: string): Failure<FieldParseFailure> {
  return failure({ code, message });
}
