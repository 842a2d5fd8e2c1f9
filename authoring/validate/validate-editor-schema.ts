import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { JsonPath, SourceFile } from '../source/source-file.js';

/** Spec 4.4 step 11: the values a form field's `type` may take. */
export const formFieldTypes: readonly string[] = ['text', 'email', 'tel', 'textarea'];

/** Spec 4.4 step 11: the values a button's `target` may take. */
export const buttonTargets: readonly string[] = ['_self', '_blank'];

/** Spec 4.4 step 11: what a button requires. */
export const buttonRequired: readonly string[] = ['label', 'path', 'target', 'variant', 'size'];

/** A definition named `button` or ending in `Button` (`ctaButton`) is a button (docs/authoring-editor-schemas.md). */
export const isButtonDefinition = (name: string): boolean => /(^b|B)utton$/.test(name);

/** A definition named `field` or ending in `Field` (`formField`) is a form field (docs/authoring-editor-schemas.md). */
export const isFormFieldDefinition = (name: string): boolean => /(^f|F)ield$/.test(name);

const definitionRef = /^#\/definitions\/([^/]+)$/;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The allowed values a property schema declares: its `enum`, or its `const`, each with its path. */
function declaredValues(schema: unknown, path: JsonPath): [unknown, JsonPath][] | undefined {
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum.map((value, index) => [value, [...path, 'enum', index]]);
  if ('const' in schema) return [[schema.const, [...path, 'const']]];
  return undefined;
}

/**
 * Spec 4.4 step 11's shape rules over one editor schema, every failure at its `line:column`:
 * `title`, `type: "object"`, `required`, `properties`; every `$ref` resolves to a definition and
 * every definition is referenced; form field types, button targets and required keys; arrays of
 * items and of form fields have `minItems` of at least 1.
 */
export function validateEditorSchema(file: SourceFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  const schema = file.data;
  if (!isObject(schema)) return [file.diagnostic([], 'editor-schema-shape', 'an editor schema must be an object')];
  const shape = (path: JsonPath, message: string, target: 'key' | 'value' = 'value') =>
    found.push(file.diagnostic(path, 'editor-schema-shape', message, target));
  if (typeof schema.title !== 'string' || schema.title.trim() === '')
    shape('title' in schema ? ['title'] : [], '"title" must be a non-empty string');
  if (schema.type !== 'object') shape('type' in schema ? ['type'] : [], '"type" must be "object"');
  if (!isObject(schema.properties))
    shape('properties' in schema ? ['properties'] : [], '"properties" must be an object');
  if (!Array.isArray(schema.required) || schema.required.some((name) => typeof name !== 'string'))
    shape('required' in schema ? ['required'] : [], '"required" must be an array of property names');
  else if (isObject(schema.properties)) {
    const properties = schema.properties;
    schema.required.forEach((name, index) => {
      if (!Object.hasOwn(properties, name as string)) shape(['required', index], `"${name}" is not a property`);
    });
  }
  const definitions = isObject(schema.definitions) ? schema.definitions : {};
  if ('definitions' in schema && !isObject(schema.definitions))
    shape(['definitions'], '"definitions" must be an object');

  // Every $ref, anywhere, and every array schema with the property name it sits under.
  const referenced = new Set<string>();
  const arrays: { path: JsonPath; node: JsonObject; name: string | undefined }[] = [];
  const walk = (value: unknown, path: JsonPath): void => {
    if (Array.isArray(value)) {
      for (const [index, element] of value.entries()) walk(element, [...path, index]);
      return;
    }
    if (!isObject(value)) return;
    if ('$ref' in value) {
      const ref = value.$ref;
      const name = typeof ref === 'string' ? definitionRef.exec(ref)?.[1] : undefined;
      if (name !== undefined && Object.hasOwn(definitions, name)) referenced.add(name);
      else
        found.push(
          file.diagnostic(
            [...path, '$ref'],
            'editor-schema-ref-unresolved',
            `$ref ${JSON.stringify(ref)} does not resolve to a definition (#/definitions/<name>)`,
          ),
        );
    }
    if (value.type === 'array')
      arrays.push({ path, node: value, name: path.at(-2) === 'properties' ? String(path.at(-1)) : undefined });
    for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
  };
  walk(schema, []);

  for (const name of Object.keys(definitions)) {
    if (!referenced.has(name))
      found.push(
        file.diagnostic(
          ['definitions', name],
          'editor-schema-definition-unused',
          `definition "${name}" has no $ref`,
          'key',
        ),
      );
  }
  for (const [name, definition] of Object.entries(definitions)) {
    const at: JsonPath = ['definitions', name];
    const properties = isObject(definition) && isObject(definition.properties) ? definition.properties : {};
    if (isFormFieldDefinition(name)) {
      const values = declaredValues(properties.type, [...at, 'properties', 'type']);
      if (values === undefined)
        found.push(
          file.diagnostic(
            at,
            'editor-schema-field-type',
            `form field "${name}" needs a "type" with an enum of ${formFieldTypes.join(', ')}`,
          ),
        );
      for (const [value, path] of values ?? []) {
        if (!formFieldTypes.includes(value as string))
          found.push(
            file.diagnostic(
              path,
              'editor-schema-field-type',
              `form field type ${JSON.stringify(value)} is not one of ${formFieldTypes.join(', ')}`,
            ),
          );
      }
    }
    if (isButtonDefinition(name)) {
      const required = isObject(definition) && Array.isArray(definition.required) ? definition.required : [];
      for (const key of buttonRequired) {
        if (!Object.hasOwn(properties, key) || !required.includes(key))
          found.push(
            file.diagnostic(
              isObject(definition) && 'required' in definition ? [...at, 'required'] : at,
              'editor-schema-button-incomplete',
              `button "${name}" requires "${key}" (a property listed in "required")`,
            ),
          );
      }
      for (const [value, path] of declaredValues(properties.target, [...at, 'properties', 'target']) ?? []) {
        if (!buttonTargets.includes(value as string))
          found.push(
            file.diagnostic(
              path,
              'editor-schema-button-target',
              `button target ${JSON.stringify(value)} is not one of ${buttonTargets.join(', ')}`,
            ),
          );
      }
    }
  }
  for (const { path, node, name } of arrays) {
    const ref =
      isObject(node.items) && typeof node.items.$ref === 'string'
        ? definitionRef.exec(node.items.$ref)?.[1]
        : undefined;
    const ofFields = ref !== undefined && isFormFieldDefinition(ref);
    if (name !== 'items' && !ofFields) continue;
    if (typeof node.minItems === 'number' && Number.isInteger(node.minItems) && node.minItems >= 1) continue;
    found.push(
      file.diagnostic(
        'minItems' in node ? [...path, 'minItems'] : path,
        'editor-schema-min-items',
        `an array of ${ofFields ? 'form fields' : 'items'} needs "minItems": 1`,
      ),
    );
  }
  return found;
}
