import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf } from '../testing/source-fixture.js';

const components = {
  'a/b.json': componentSource('a.b', { cmp_variant: 'string!' }),
  'a/c.json': componentSource('a.c', { cmp_variant: 'string!' }),
};
const lockOf = (entries: Record<string, unknown>) => ({
  $schema: '../sot/component-ids.lock.schema.json',
  components: entries,
});
const entry = (name: string) => ({ file: `components/a/${name}.json`, collectionName: `components_a_${name}s` });

describe('validateLock (layer 3)', () => {
  it('accepts the lock that matches the components', () => {
    expect(diagnosticsOf({ components, lock: lockOf({ 'a.b': entry('b'), 'a.c': entry('c') }) })).toEqual([]);
  });

  it('reports a missing lock file', () => {
    expect(diagnosticsOf({ components, lock: null })).toEqual(['src/source/component-ids.lock.json:1:1 lock-missing']);
  });

  it('reports a component that is not locked, at its id', () => {
    expect(diagnosticsOf({ components, lock: lockOf({ 'a.b': entry('b') }) })).toEqual([
      'src/source/components/a/c.json:3:9 lock-entry-missing',
    ]);
  });

  it('reports a locked id without a component, at the lock entry', () => {
    expect(
      diagnosticsOf({ components, lock: lockOf({ 'a.b': entry('b'), 'a.c': entry('c'), 'a.gone': entry('gone') }) }),
    ).toEqual(['src/source/component-ids.lock.json:12:5 lock-entry-extra']);
  });

  it('reports an entry whose file or table changed', () => {
    expect(
      diagnosticsOf({
        components,
        lock: lockOf({ 'a.b': { ...entry('b'), file: 'components/old/b.json' }, 'a.c': entry('c') }),
      }),
    ).toEqual(['src/source/component-ids.lock.json:4:5 lock-entry-changed']);
  });
});
