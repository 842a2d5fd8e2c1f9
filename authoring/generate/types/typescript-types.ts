import type { CompiledAttribute, CompiledSchema } from '../../model/compiled-schema.js';
import { pascalCase } from '../../model/strapi-names.js';
import { generatedBanner } from '../generated-banner.js';

function literal(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** `hero.hero1` → `HeroHero1Component`. */
export function componentTypeName(id: string): string {
  return `${id.split('.').map(pascalCase).join('')}Component`;
}

/** `blog-post` → `BlogPost`. */
export function collectionTypeName(id: string): string {
  return pascalCase(id);
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
      return { type: attribute.enum.map(literal).join(' | ') || 'never', list: false };
    case 'media':
      return { type: 'StrapiMedia', list: attribute.multiple };
    case 'component':
      return { type: componentTypeName(attribute.component), list: attribute.repeatable };
    case 'dynamiczone': {
      const members = attribute.components.map((id) => `(${componentTypeName(id)} & { __component: ${literal(id)} })`);
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
  if (list) return `  ${attribute.name}${attribute.required ? '' : '?'}: ${type}[];`;
  if (attribute.required && attribute.type !== 'relation' && attribute.type !== 'media') {
    return `  ${attribute.name}: ${type};`;
  }
  return `  ${attribute.name}?: ${type === 'unknown' ? type : `${type} | null`};`;
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
  const blocks: string[] = [generatedBanner, '', prelude];
  for (const component of schema.components) {
    blocks.push(`/** ${component.displayName} (${component.uid}). */`);
    blocks.push(`export interface ${componentTypeName(component.id)} {`);
    blocks.push(...component.attributes.map(property), '}', '');
  }
  for (const collection of schema.collections) {
    blocks.push(`/** ${collection.displayName} (${collection.uid}, ${collection.kind}). */`);
    blocks.push(`export interface ${collectionTypeName(collection.id)} {`);
    blocks.push('  id: number;', '  documentId: string;', '  createdAt: string;', '  updatedAt: string;');
    blocks.push('  publishedAt: string | null;');
    if (collection.i18n) blocks.push('  locale: string;');
    blocks.push(...collection.attributes.map(property), '}', '');
  }
  blocks.push('/** Every component by its uid (the `__component` of dynamic zone items). */');
  blocks.push('export interface ComponentsByUid {');
  blocks.push(
    ...schema.components.map((component) => `  ${literal(component.uid)}: ${componentTypeName(component.id)};`),
  );
  blocks.push('}', '');
  blocks.push('/** Every collection by its content-type uid. */');
  blocks.push('export interface CollectionsByUid {');
  blocks.push(
    ...schema.collections.map((collection) => `  ${literal(collection.uid)}: ${collectionTypeName(collection.id)};`),
  );
  blocks.push('}', '');
  return blocks.join('\n');
}

/** The categories and their variants, for the scaffold generator (spec 4.4 generate:types). */
export function categoryList(schema: CompiledSchema): Record<string, unknown> {
  const categories: Record<string, string[]> = {};
  for (const component of schema.components) {
    categories[component.category] = [...(categories[component.category] ?? []), component.name];
  }
  return { categories };
}
