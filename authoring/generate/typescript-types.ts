import type { CompiledAttribute, CompiledSchema } from '../model/compiled-schema.js';
import { pascalCase } from '../model/strapi-names.js';
import { docComment, propertyKey, stringLiteral, typeIdentifier } from './code-text.js';
import { generatedBanner } from './generated-banner.js';

/** `hero.hero1` → `HeroHero1Component`. */
export function componentTypeName(id: string): string {
  return typeIdentifier(`${id.split('.').map(pascalCase).join('')}Component`);
}

/** `blog-post` → `BlogPost`. */
export function collectionTypeName(id: string): string {
  return typeIdentifier(pascalCase(id));
}

const scalarTypes: Readonly<Record<string, string>> = {
  string: 'string',
  text: 'string',
  richtext: 'string',
  email: 'string',
  password: 'string',
  uid: 'string',
  date: 'string',
  time: 'string',
  datetime: 'string',
  timestamp: 'string',
  biginteger: 'string',
  integer: 'number',
  float: 'number',
  decimal: 'number',
  boolean: 'boolean',
  blocks: 'StrapiBlocks',
  json: 'unknown',
  customField: 'unknown',
};

function valueType(attribute: CompiledAttribute): { type: string; list: boolean } {
  switch (attribute.type) {
    case 'enumeration':
      return { type: attribute.enum.map(stringLiteral).join(' | ') || 'never', list: false };
    case 'media':
      return { type: 'StrapiMedia', list: attribute.multiple };
    case 'component':
      return { type: componentTypeName(attribute.component), list: attribute.repeatable };
    case 'dynamiczone': {
      const members = attribute.components.map(
        (id) => `(${componentTypeName(id)} & { __component: ${stringLiteral(id)} })`,
      );
      return { type: members.length > 1 ? `(${members.join(' | ')})` : (members[0] ?? 'never'), list: true };
    }
    case 'relation': {
      const type = attribute.targetCollection ? collectionTypeName(attribute.targetCollection) : 'StrapiEntry';
      return { type, list: attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany' };
    }
    default:
      return { type: scalarTypes[attribute.type] ?? 'unknown', list: false };
  }
}

/** One property line: lists are always arrays; a value that may be absent is optional and nullable. */
function property(attribute: CompiledAttribute): string {
  const { type, list } = valueType(attribute);
  const key = propertyKey(attribute.name);
  if (list) return `  ${key}${attribute.required ? '' : '?'}: ${type}[];`;
  if (attribute.required && attribute.type !== 'relation' && attribute.type !== 'media') {
    return `  ${key}: ${type};`;
  }
  return `  ${key}?: ${type === 'unknown' ? type : `${type} | null`};`;
}

const prelude = `/** A media file as Strapi's REST API returns it. */
export interface StrapiMedia {
  id: number;
  documentId: string;
  name: string;
  url: string;
  mime: string;
  alternativeText: string | null;
  width: number | null;
  height: number | null;
}

/** Rich text of a blocks field. */
export type StrapiBlocks = Record<string, unknown>[];

/** An entry of a model this schema package does not define (plugin::, admin::). */
export interface StrapiEntry {
  id: number;
  documentId: string;
}
`;

/**
 * TypeScript interfaces of the compiled schema (spec 4.4 generate:types): one per component
 * (`<Category><Name>Component`) and collection, the uid maps, and the Strapi shapes they use.
 */
export function typescriptTypes(schema: CompiledSchema): string {
  // Attributes are pushed one at a time: a model may have more of them than a call takes
  // arguments (`push(...attributes.map(property))` overflows the stack at a few hundred thousand).
  const lines: string[] = [generatedBanner, '', prelude];
  for (const component of schema.components) {
    lines.push(docComment(`${component.displayName} (${component.uid}).`));
    lines.push(`export interface ${componentTypeName(component.id)} {`);
    for (const attribute of component.attributes) lines.push(property(attribute));
    lines.push('}', '');
  }
  for (const collection of schema.collections) {
    lines.push(docComment(`${collection.displayName} (${collection.uid}, ${collection.kind}).`));
    lines.push(`export interface ${collectionTypeName(collection.id)} {`);
    lines.push('  id: number;', '  documentId: string;', '  createdAt: string;', '  updatedAt: string;');
    lines.push('  publishedAt: string | null;');
    if (collection.i18n) lines.push('  locale: string;');
    for (const attribute of collection.attributes) lines.push(property(attribute));
    lines.push('}', '');
  }
  lines.push('/** Every component by its uid (the `__component` of dynamic zone items). */');
  lines.push('export interface ComponentsByUid {');
  for (const component of schema.components) {
    lines.push(`  ${stringLiteral(component.uid)}: ${componentTypeName(component.id)};`);
  }
  lines.push('}', '');
  lines.push('/** Every collection by its content-type uid. */');
  lines.push('export interface CollectionsByUid {');
  for (const collection of schema.collections) {
    lines.push(`  ${stringLiteral(collection.uid)}: ${collectionTypeName(collection.id)};`);
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** The categories and their variants, for the scaffold generator (spec 4.4 generate:types). */
export function categoryList(schema: CompiledSchema): Record<string, unknown> {
  // A Map, then own properties: a category is data, even one named `__proto__` or `constructor`.
  const categories = new Map<string, string[]>();
  for (const component of schema.components) {
    const names = categories.get(component.category) ?? [];
    names.push(component.name);
    categories.set(component.category, names);
  }
  return { categories: Object.fromEntries(categories) };
}
