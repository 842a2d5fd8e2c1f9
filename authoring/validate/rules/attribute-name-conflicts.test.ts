import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';

const withFields = (fields: Record<string, unknown>) => ({
  components: { 'a/b.json': componentSource('a.b', { cmp_variant: 'string!', ...fields }) },
});

describe('attributeNameConflicts', () => {
  it.each([
    ['line1', 'line_1'],
    ['ABTest', 'ab_test'],
    ['myField', 'my_field'],
    ['value2x', 'value_2_x'],
  ])('reports %s and %s (one column for lodash snakeCase) at the second name', (first, second) => {
    expect(diagnosticsOf(withFields({ [first]: 'string', [second]: 'text' }))).toEqual([
      'src/source/components/a/b.json:7:5 attribute-name-conflict',
    ]);
  });

  it('names the first field, where it is, and the column', () => {
    const [diagnostic] = validateFixture(withFields({ line1: 'string', line_1: 'component(a.c)' })).diagnostics;
    expect(diagnostic!.message).toBe(
      'field "line_1" is the same column as field "line1" at src/source/components/a/b.json:6:5: Strapi names both "line_1"',
    );
  });

  it('accepts names whose snake_case differs', () => {
    expect(diagnosticsOf(withFields({ line1: 'string', line12: 'string', lineA: 'string' }))).toEqual([]);
  });
});
