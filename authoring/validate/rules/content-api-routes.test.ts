import { describe, expect, it } from 'vitest';
import { collectionSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';
import { pathsOverlap } from './content-api-routes.js';

const one = (id: string, extra: Record<string, unknown> = {}) => ({
  collections: { [`${id}.json`]: collectionSource(id, extra.mode === 'single' ? {} : { slug: 'uid!' }, extra) },
});

describe('contentApiRoutes', () => {
  it("reports a collection whose routes are users-permissions' /api/users, naming them", () => {
    const routes = validateFixture(one('user')).diagnostics.filter((d) => d.code === 'route-conflict');
    expect(routes.map((d) => `${d.path}:${d.line}:${d.column} ${d.message}`)).toEqual([
      'src/source/collections/user.json:3:9 the content-API routes of collection user overlap routes of the users-permissions plugin: GET /api/users/count, GET /api/users, GET /api/users/me, GET /api/users/:id, POST /api/users, PUT /api/users/:id, DELETE /api/users/:id',
    ]);
  });

  it('reports a collection under a stock plugin prefix, and a single type over a wildcard route', () => {
    expect(diagnosticsOf(one('users-permission'))).toEqual([
      'src/source/collections/users-permission.json:3:9 route-conflict',
    ]);
    expect(diagnosticsOf(one('connect', { mode: 'single' }))).toEqual([
      'src/source/collections/connect.json:3:9 route-conflict',
    ]);
  });

  it('accepts routes that differ by method or by path', () => {
    // POST /api/email is the email plugin's; a single type email answers GET, PUT and DELETE.
    expect(diagnosticsOf(one('email', { mode: 'single' }))).toEqual([]);
    expect(diagnosticsOf(one('auth'))).toEqual([]);
  });

  it.each([
    ['/api/users', '/api/users', true],
    ['/api/users/:id', '/api/users/me', true],
    ['/api/connect', '/api/connect/(.*)', true],
    ['/api/connects/:id', '/api/connect/(.*)', false],
    ['/api/users', '/api/users/:id', false],
    ['/api/auths/:id', '/api/auth/:provider/callback', false],
  ])('pathsOverlap(%s, %s) is %s', (a, b, expected) => {
    expect(pathsOverlap(a, b)).toBe(expected);
  });
});
