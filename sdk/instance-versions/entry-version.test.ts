import { describe, expect, it } from 'vitest';
import { entryVersionFor, versionOnEdit } from './entry-version.js';

describe('entryVersionFor', () => {
  it.each([
    ['1.0.0', '1.4.2'],
    ['1.4.2', '1.4.2'],
    ['2.0.0-beta.1', '2.0.0'],
  ])('renders %s with the catalog entry when the catalog is %s (same major, not newer)', (saved, catalog) => {
    expect(entryVersionFor(saved, catalog)).toEqual({ ok: true, use: 'catalog' });
    expect(versionOnEdit(saved, catalog)).toEqual({ ok: true, version: catalog });
  });

  it.each([
    ['1.9.0', '2.0.0'],
    ['3.0.0', '2.1.0'],
    ['0.3.0', '1.0.0'],
  ])('renders %s with its own entry when the catalog is %s (another major)', (saved, catalog) => {
    expect(entryVersionFor(saved, catalog)).toEqual({ ok: true, use: 'saved', version: saved });
    expect(versionOnEdit(saved, catalog)).toEqual({ ok: true, version: saved });
  });

  it('keeps the own version of an instance newer than a rolled-back catalog in its major', () => {
    expect(entryVersionFor('2.3.0', '2.1.0')).toEqual({ ok: true, use: 'saved', version: '2.3.0' });
    expect(versionOnEdit('2.3.0', '2.1.0')).toEqual({ ok: true, version: '2.3.0' });
  });

  it.each([
    [undefined, '1.0.0', 'saved version'],
    [null, '1.0.0', 'saved version'],
    [42, '1.0.0', 'saved version'],
    ['', '1.0.0', 'saved version'],
    ['^1.0.0', '1.0.0', 'saved version'],
    ['v1.0.0', '1.0.0', 'saved version'],
    [' 1.0.0', '1.0.0', 'saved version'],
    ['1.0.0+build.1', '1.0.0', 'saved version'],
    ['1.0', '1.0.0', 'saved version'],
    [`1.0.0-${'a'.repeat(300)}`, '1.0.0', 'saved version'],
    ['99999999999999999999.0.0', '1.0.0', 'saved version'],
    ['1.0.0', { toString: (): string => '1.0.0' }, 'catalog version'],
    ['1.0.0', 'latest', 'catalog version'],
  ])('refuses %j against %j as invalid-version, naming the %s', (saved, catalog, what) => {
    for (const answer of [entryVersionFor(saved, catalog), versionOnEdit(saved, catalog)]) {
      expect(answer).toMatchObject({ ok: false, code: 'invalid-version' });
      expect(answer.ok || answer.message.startsWith(`Invalid ${what}:`)).toBe(true);
      expect(answer.ok || answer.message.length < 150).toBe(true);
    }
  });
});
