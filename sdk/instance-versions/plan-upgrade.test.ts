import { describe, expect, it } from 'vitest';
import { planUpgrade } from './plan-upgrade.js';

// The example of docs/authoring-versions.md "Migrations": title renamed heading, legacyColor
// removed, a new required align.
const migrations = {
  1: ({ title, legacyColor: _removed, ...rest }: Record<string, unknown>) => ({
    ...rest,
    heading: title,
    align: 'left',
  }),
};

describe('planUpgrade', () => {
  it('plans the chain up to the target major and lists what changes, with values', () => {
    const saved = { title: 'Welcome', legacyColor: 'red', size: 2 };
    expect(planUpgrade(saved, '1.4.0', '2.1.0', migrations)).toEqual({
      ok: true,
      from: '1.4.0',
      to: '2.1.0',
      steps: 1,
      props: { size: 2, heading: 'Welcome', align: 'left' },
      changes: [
        { kind: 'renamed', from: 'title', key: 'heading', value: 'Welcome' },
        { kind: 'removed', key: 'legacyColor', before: 'red' },
        { kind: 'added', key: 'align', after: 'left' },
      ],
    });
    expect(saved).toEqual({ title: 'Welcome', legacyColor: 'red', size: 2 });
  });

  it('changes only the version within a major: no step runs, the props stay', () => {
    expect(planUpgrade({ a: 1 }, '2.0.0', '2.3.1', undefined)).toEqual({
      ok: true,
      from: '2.0.0',
      to: '2.3.1',
      steps: 0,
      props: { a: 1 },
      changes: [],
    });
  });

  it('refuses to lead down to an older version (a rolled-back catalog)', () => {
    expect(planUpgrade({}, '2.3.0', '2.1.0', migrations)).toMatchObject({
      ok: false,
      code: 'migration-missing',
      step: 2,
    });
    expect(planUpgrade({}, '3.0.0', '2.1.0', migrations)).toMatchObject({
      ok: false,
      code: 'migration-missing',
      step: 3,
    });
  });

  it('says which step is missing or failed, and why', () => {
    expect(planUpgrade({}, '0.9.0', '2.0.0', migrations)).toEqual({
      ok: false,
      code: 'migration-missing',
      step: 0,
      message: 'no migration from major 0 to 1',
    });
    const throwing = {
      1: () => {
        throw new RangeError('size out of range');
      },
    };
    expect(planUpgrade({}, '1.0.0', '2.0.0', throwing)).toMatchObject({
      ok: false,
      code: 'migration-failed',
      step: 1,
      message: 'the migration from major 1 threw: size out of range',
    });
  });

  it('answers invalid-version for versions that are not ones', () => {
    expect(planUpgrade({}, 'one', '2.0.0', migrations)).toMatchObject({ ok: false, code: 'invalid-version' });
    expect(planUpgrade({}, '1.0.0', '>=2', migrations)).toMatchObject({ ok: false, code: 'invalid-version' });
  });
});
