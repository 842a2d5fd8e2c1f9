import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { CollectionModel } from '../../model/canonical-model.js';
import { collectionNames } from '../../model/strapi-names.js';
import { stockContentApiRoutes, stockOwnerOf } from '../../model/strapi-stock.js';
import type { ModelIndex } from './model-rule.js';

/** The content-API routes createCoreRouter gives a collection (core-api/routes). */
function routesOf(collection: CollectionModel): { method: string; path: string }[] {
  const { singularName, pluralName } = collectionNames(collection);
  if (collection.kind === 'singleType') {
    return ['GET', 'PUT', 'DELETE'].map((method) => ({ method, path: `/api/${singularName}` }));
  }
  return [
    { method: 'GET', path: `/api/${pluralName}` },
    { method: 'POST', path: `/api/${pluralName}` },
    { method: 'GET', path: `/api/${pluralName}/:id` },
    { method: 'PUT', path: `/api/${pluralName}/:id` },
    { method: 'DELETE', path: `/api/${pluralName}/:id` },
  ];
}

/**
 * Whether one URL can match both koa-router paths: segment by segment, `:param` matches any one
 * segment and a final `(.*)` any rest (none included).
 */
export function pathsOverlap(a: string, b: string): boolean {
  const left = a.split('/');
  const right = b.split('/');
  for (let position = 0; ; position++) {
    const x = left[position];
    const y = right[position];
    if (x === '(.*)' || y === '(.*)') return true;
    if (x === undefined || y === undefined) return x === y;
    if (x !== y && !x.startsWith(':') && !y.startsWith(':')) return false;
  }
}

/**
 * A collection's content-API routes (`/api/<plural>` and `/api/<plural>/:id`, a single type's
 * `/api/<singular>`) must not overlap a stock plugin's with the same method: a collection `user`
 * would answer `/api/users`, users-permissions' route. Reported at the id, naming those routes.
 */
export function contentApiRoutes(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const collection of index.model.collections) {
    const ours = routesOf(collection);
    const overlapped = stockContentApiRoutes.filter((stock) =>
      ours.some((route) => route.method === stock.method && pathsOverlap(route.path, stock.path)),
    );
    if (overlapped.length === 0) continue;
    const owners = [...new Set(overlapped.map((route) => stockOwnerOf(route.owner)))].join(' and ');
    const list = overlapped.map((route) => `${route.method} ${route.path}`).join(', ');
    diagnostics.push(
      collection.file.diagnostic(
        ['id'],
        'route-conflict',
        `the content-API routes of ${collection.kind === 'singleType' ? 'single type' : 'collection'} ${collection.id} overlap routes of ${owners}: ${list}`,
      ),
    );
  }
  return diagnostics;
}
