import { describe, expect, it } from 'vitest';
import { routeLabel } from './route-label.js';

describe('routeLabel', () => {
  it('names each route by its template, with or without a query, in origin and absolute form', () => {
    const cases: [string, string][] = [
      ['/api/runtime-catalog', '/api/runtime-catalog'],
      ['/api/runtime-catalog?x=1', '/api/runtime-catalog'],
      ['/api/runtime-catalog/hero1', '/api/runtime-catalog/:id'],
      ['/api/runtime-catalog/hero1?x=/a/b', '/api/runtime-catalog/:id'],
      ['/api/runtime-catalog/hero1?version=1.2.0-beta.1', '/api/runtime-catalog/:id'],
      ['/api/runtime-catalog/hero1/data.json', '/api/runtime-catalog/:id/:artifact'],
      ['/api/runtime-catalog/hero1/puck.json?version=1.2.0', '/api/runtime-catalog/:id/:artifact'],
      ['/api/revalidate', '/api/revalidate'],
      ['/api/remote-component?url=https%3A%2F%2Fesm.sh%2Fx', '/api/remote-component'],
      ['/healthz', '/healthz'],
      ['/readyz?probe=1', '/readyz'],
      ['/metrics', '/metrics'],
      ['http://catalog.example/api/runtime-catalog/hero1', '/api/runtime-catalog/:id'],
      ['http://catalog.example/healthz?x', '/healthz'],
    ];
    for (const [target, route] of cases) expect([target, routeLabel(target)]).toEqual([target, route]);
  });

  it('answers `other` for every other path, so that clients cannot add series', () => {
    const others = [
      '/',
      '',
      '*',
      '/nowhere',
      '/api/runtime-catalogue',
      '/api/runtime-catalog/',
      '/api/runtime-catalog//data.json',
      '/api/runtime-catalog/hero1/',
      '/api/runtime-catalog/hero1/data.json/more',
      '/api/revalidate/x',
      '/healthz/',
      '/metricsx',
      'http://catalog.example',
      'http://catalog.example?/healthz',
      `/${'a'.repeat(10_000)}`,
    ];
    for (const target of others) expect([target, routeLabel(target)]).toEqual([target, 'other']);
  });
});
