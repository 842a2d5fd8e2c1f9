import { type MediaType, mediaTypes, type RelationType, relationTypes, scalarTypes } from '../model/attribute.js';
import { type FieldParseResult, fieldFailure, fieldType } from './field-parse-result.js';
import { parseRelationOption } from './relation-option.js';
import { relationTargetProblem } from './relation-target-problem.js';

const shorthandPattern = /^([A-Za-z]+)(?:\((.*)\))?(\[\])?(!)?$/s;

const shorthandNames = [...scalarTypes, 'uid', 'component', 'dynamicZone', 'media', 'enum', 'relation'] as const;

function splitArguments(text: string): string[] {
  return text.split(',').map((part) => part.trim());
}

function unknownType(name: string): string {
  const suggestion = shorthandNames.find((known) => known.toLowerCase() === name.toLowerCase());
  const hint = suggestion ? ` (did you mean "${suggestion}"?)` : '';
  return `unknown field type "${name}"${hint}`;
}

/**
 * Parses a field shorthand of spec 4.4 (`string!`, `uid(title)`, `component(id)[]`,
 * `dynamicZone(a,b)`, `media(images)[]`, `enum(a,b)`, `relation(type,target[,option])`).
 * `!` is the last character when present; `[]` comes before it.
 */
export function parseFieldShorthand(text: string): FieldParseResult {
  const match = shorthandPattern.exec(text.trim());
  if (!match) {
    return fieldFailure('field-shorthand-invalid', `"${text}" is not a field shorthand (e.g. "string!", "enum(a,b)")`);
  }
  const [, name = '', rawArguments, list, bang] = match;
  const required = bang === '!';
  const repeated = list === '[]';
  const args = rawArguments === undefined ? undefined : splitArguments(rawArguments);
  if (repeated && name !== 'component' && name !== 'media') {
    return fieldFailure('field-shorthand-invalid', `"[]" is only allowed after component(...) and media, not ${name}`);
  }
  if (args?.some((arg) => arg === '') && name !== 'enum') {
    return fieldFailure('field-shorthand-invalid', `"${text}" has an empty argument`);
  }
  switch (name) {
    case 'uid':
      if (args && args.length !== 1)
        return fieldFailure('field-shorthand-invalid', 'uid takes one target field: uid(<field>)');
      return fieldType(required, args?.[0] === undefined ? { type: 'uid' } : { type: 'uid', targetField: args[0] });
    case 'component':
      if (args?.length !== 1 || args[0] === undefined) {
        return fieldFailure('field-shorthand-invalid', 'component takes one component id: component(<category.name>)');
      }
      return fieldType(required, { type: 'component', component: args[0], repeatable: repeated });
    case 'dynamicZone':
      if (!args)
        return fieldFailure('field-shorthand-invalid', 'dynamicZone lists its components: dynamicZone(<id>,<id>)');
      return fieldType(required, { type: 'dynamiczone', components: args });
    case 'media': {
      const allowed = args ?? [...mediaTypes];
      const wrong = allowed.find((kind) => !(mediaTypes as readonly string[]).includes(kind));
      if (wrong !== undefined) {
        return fieldFailure('media-type-invalid', `unknown media type "${wrong}" (allowed: ${mediaTypes.join(', ')})`);
      }
      return fieldType(required, { type: 'media', multiple: repeated, allowedTypes: allowed as MediaType[] });
    }
    case 'enum':
      return fieldType(required, {
        type: 'enumeration',
        enum: !args || (args.length === 1 && args[0] === '') ? [] : args,
      });
    case 'relation':
      return parseRelation(args, required);
    default:
      if ((scalarTypes as readonly string[]).includes(name)) {
        if (args) return fieldFailure('field-shorthand-invalid', `${name} takes no arguments`);
        return fieldType(required, { type: name as (typeof scalarTypes)[number] });
      }
      return fieldFailure('field-shorthand-invalid', unknownType(name));
  }
}

function parseRelation(args: string[] | undefined, required: boolean): FieldParseResult {
  if (!args || args.length < 2 || args.length > 3) {
    return fieldFailure(
      'field-shorthand-invalid',
      args && args.length > 3
        ? 'a relation shorthand takes at most one option (inversedBy or mappedBy)'
        : 'relation takes a type and a target: relation(<type>,<target>[,<option>])',
    );
  }
  const [relation = '', target = '', optionText] = args;
  if (!(relationTypes as readonly string[]).includes(relation)) {
    return fieldFailure('relation-type-invalid', `unknown relation type "${relation}" (${relationTypes.join(', ')})`);
  }
  const targetProblem = relationTargetProblem(target);
  if (targetProblem) return fieldFailure('relation-target-invalid', targetProblem);
  const base = { type: 'relation', relation: relation as RelationType, target } as const;
  if (optionText === undefined) return fieldType(required, base);
  const option = parseRelationOption(optionText);
  if (typeof option === 'string') return fieldFailure('relation-option-invalid', option);
  return fieldType(required, { ...base, [option.key]: option.value });
}
