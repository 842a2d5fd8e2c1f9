import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { withArticle } from '../../diagnostics/with-article.js';
import type { Attribute } from '../../model/attribute.js';
import { attributeDiagnostic, type ModelIndex, owners } from './model-rule.js';

const stringTypes = new Set([
  'string',
  'text',
  'richtext',
  'email',
  'password',
  'uid',
  'date',
  'time',
  'datetime',
  'timestamp',
]);

/**
 * Why `regex` would not compile, or undefined. Strapi compiles it as `new RegExp(regex)`; the
 * registry's props schema carries it as a JSON Schema `pattern`, which validators such as ajv
 * compile with the `u` flag, so it must compile both ways.
 */
function regexProblem(regex: string): string | undefined {
  for (const flags of ['', 'u']) {
    try {
      new RegExp(regex, flags);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return flags === '' ? reason : `${reason} (as a JSON Schema pattern, unicode mode)`;
    }
  }
  return undefined;
}

/** Why `value` is not a valid default of `attribute`, or undefined. */
function defaultProblem(attribute: Attribute, value: unknown): string | undefined {
  if (stringTypes.has(attribute.type)) return typeof value === 'string' ? undefined : 'must be a string';
  switch (attribute.type) {
    case 'integer':
      return Number.isInteger(value) ? undefined : 'must be an integer';
    case 'float':
    case 'decimal':
      return typeof value === 'number' ? undefined : 'must be a number';
    case 'biginteger':
      // Strapi keeps big integers as digit strings (Strapi 5.54's sources).
      return typeof value === 'string' && /^-?\d+$/.test(value) ? undefined : 'must be a string of digits';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    default:
      return undefined;
  }
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return undefined;
}

/** Defaults of the right type; a regex that compiles; min ≤ max and minLength ≤ maxLength; min/max only on repeatable components. */
export function optionValues(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    for (const attribute of owner.model.attributes) {
      const { options } = attribute;
      if (options.default !== undefined && attribute.type !== 'enumeration') {
        const problem = defaultProblem(attribute, options.default);
        if (problem) {
          diagnostics.push(
            attributeDiagnostic(
              attribute,
              'default-invalid',
              `default of ${withArticle(attribute.type)} ${problem}`,
              'default',
            ),
          );
        }
      }
      if (typeof options.regex === 'string') {
        const problem = regexProblem(options.regex);
        if (problem) {
          const message = `regex ${JSON.stringify(options.regex)} is not a valid regular expression: ${problem}`;
          diagnostics.push(attributeDiagnostic(attribute, 'regex-invalid', message, 'regex'));
        }
      }
      const min = asNumber(options.min);
      const max = asNumber(options.max);
      if (min !== undefined && max !== undefined && min > max) {
        diagnostics.push(
          attributeDiagnostic(attribute, 'range-invalid', `min ${min} is greater than max ${max}`, 'min'),
        );
      }
      if (options.minLength !== undefined && options.maxLength !== undefined && options.minLength > options.maxLength) {
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'range-invalid',
            `minLength ${options.minLength} is greater than maxLength ${options.maxLength}`,
            'minLength',
          ),
        );
      }
      if (attribute.type === 'component' && !attribute.repeatable) {
        for (const key of ['min', 'max'] as const) {
          if (options[key] !== undefined) {
            const message = `${key} counts the items of a repeatable component: add "repeatable": true or drop ${key}`;
            diagnostics.push(attributeDiagnostic(attribute, 'field-option-not-allowed', message, key));
          }
        }
      }
      if (attribute.type === 'uid' && options.maxLength !== undefined && options.maxLength > 256) {
        diagnostics.push(
          attributeDiagnostic(attribute, 'range-invalid', 'a uid maxLength is at most 256', 'maxLength'),
        );
      }
    }
  }
  return diagnostics;
}
