import type { DiagnosticCode } from '../diagnostics/diagnostic-code.js';
import type { AttributeSpec } from '../model/attribute.js';

/** A field whose type part is understood: its Strapi spec and whether `!` made it required. */
export interface ParsedFieldType {
  readonly ok: true;
  readonly spec: AttributeSpec;
  readonly required: boolean;
}

/** A field that could not be understood, with the code and message to report at its value. */
export interface FieldParseFailure {
  readonly ok: false;
  readonly code: DiagnosticCode;
  readonly message: string;
}

/** What parsing one field's type yields. */
export type FieldParseResult = ParsedFieldType | FieldParseFailure;

/** A failure result. */
export function fieldFailure(code: DiagnosticCode, message: string): FieldParseFailure {
  return { ok: false, code, message };
}
