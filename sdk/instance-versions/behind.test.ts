import { describe, expect, it } from 'vitest';
import { behind } from './behind.js';

describe('behind', () => {
  it.each([
    ['1.2.3', '1.2.3', { status: 'current', majors: 0, minors: 0, patches: 0, label: 'up to date' }],
    ['1.9.3', '3.0.0', { status: 'behind', majors: 2, minors: 0, patches: 0, label: '2 majors behind' }],
    ['1.9.3', '2.0.0', { status: 'behind', majors: 1, minors: 0, patches: 0, label: '1 major behind' }],
    ['1.2.9', '1.3.0', { status: 'behind', majors: 0, minors: 1, patches: 0, label: '1 minor behind' }],
    ['1.2.0', '1.2.4', { status: 'behind', majors: 0, minors: 0, patches: 4, label: '4 patches behind' }],
    ['1.2.0-rc.1', '1.2.0', { status: 'behind', majors: 0, minors: 0, patches: 0, label: 'a prerelease behind' }],
    ['3.0.0', '2.5.0', { status: 'ahead', majors: 1, minors: 0, patches: 0, label: '1 major ahead' }],
    ['2.3.0', '2.1.0', { status: 'ahead', majors: 0, minors: 2, patches: 0, label: '2 minors ahead' }],
  ])('%s against the catalog %s', (saved, catalog, expected) => {
    expect(behind(saved, catalog)).toEqual({ ok: true, ...expected });
  });

  it('answers invalid-version for a version that is not one', () => {
    expect(behind('1.x', '1.0.0')).toMatchObject({ ok: false, code: 'invalid-version' });
    expect(behind('1.0.0', Symbol('v'))).toMatchObject({ ok: false, code: 'invalid-version' });
  });
});
