import pluralize from 'pluralize';
import type { CollectionModel, ComponentModel } from './canonical-model.js';

/**
 * `blog-post` → `blog_post`: our table names (Strapi's nameToCollectionName for our kebab-case
 * names). Not lodash's snakeCase (model/strapi-strings.ts), which would split `hero1` into `hero_1`.
 */
export function underscored(name: string): string {
  return name.replaceAll('-', '_');
}

/** `blog-post` → `Blog Post`, `hero1` → `Hero1`. */
export function titleCase(name: string): string {
  return name
    .split(/[-_]/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** `blog-post` → `BlogPost` (TypeScript interface names). */
export function pascalCase(name: string): string {
  return titleCase(name).replaceAll(' ', '');
}

/** The names Strapi derives for a collection (Strapi 5.54's sources: uid `api::<api>.<singularName>`). */
export interface CollectionNames {
  readonly uid: string;
  readonly singularName: string;
  readonly pluralName: string;
  readonly collectionName: string;
  readonly displayName: string;
}

/** Names of a collection: the id is the singular name and the API name. */
export function collectionNames(collection: Pick<CollectionModel, 'id' | 'title'>): CollectionNames {
  const pluralName = pluralize(collection.id);
  return {
    uid: `api::${collection.id}.${collection.id}`,
    singularName: collection.id,
    pluralName,
    collectionName: underscored(pluralName),
    displayName: collection.title ?? titleCase(collection.id),
  };
}

/** The names Strapi derives for a component. */
export interface ComponentNames {
  readonly uid: string;
  readonly collectionName: string;
  readonly displayName: string;
  /** Path of its JSON file in the CMS application. */
  readonly file: string;
}

/**
 * Names of a component: uid `<category>.<name>`, collectionName
 * `components_<category>_<plural of name>` (the CTB pluralizes the display name; we pluralize the
 * name so a new title never renames the table, docs/authoring-strapi-output.md).
 */
export function componentNames(component: Pick<ComponentModel, 'category' | 'name' | 'title'>): ComponentNames {
  return {
    uid: `${component.category}.${component.name}`,
    collectionName: `components_${underscored(component.category)}_${underscored(pluralize(component.name))}`,
    displayName: component.title ?? titleCase(component.name),
    file: `src/components/${component.category}/${component.name}.json`,
  };
}
