import type { ComponentInstance } from '@runtime-component-catalog/contracts';
import { describe, expect, it } from 'vitest';
import { planPageUpgrade } from './plan-page-upgrade.js';

const instance = (
  id: string,
  packageId: string,
  version: string,
  props: Record<string, unknown>,
): ComponentInstance => ({
  id,
  packageId,
  package: `@acme/ui-${packageId}`,
  version,
  props,
});

const catalog = new Map([
  ['hero', '2.1.0'],
  ['card', '1.2.0'],
]);
const migrations = new Map<string, unknown>([
  ['hero', { 1: ({ title, ...rest }: Record<string, unknown>) => ({ ...rest, heading: title }) }],
]);

describe('planPageUpgrade', () => {
  it('upgrades every instance behind its catalog version as one new content, the others untouched', () => {
    const content = [
      instance('a', 'hero', '1.0.0', { title: 'One' }),
      instance('b', 'hero', '2.1.0', { heading: 'Two' }),
      instance('c', 'card', '1.0.0', { label: 'x' }),
      instance('d', 'card', '1.3.0', { label: 'rolled back' }),
      instance('e', 'gone', '1.0.0', {}),
    ];
    const saved = structuredClone(content);
    const plan = planPageUpgrade(content, catalog, migrations);
    expect(plan.instances.map(({ instanceId, plan: one }) => [instanceId, one.ok && one.changes])).toEqual([
      ['a', [{ kind: 'renamed', from: 'title', key: 'heading', value: 'One' }]],
      ['c', []],
    ]);
    expect(plan.result).toEqual({
      ok: true,
      content: [
        { ...content[0], version: '2.1.0', props: { heading: 'One' } },
        content[1],
        { ...content[2], version: '1.2.0' },
        content[3],
        content[4],
      ],
    });
    expect(plan.result.ok && plan.result.content[1]).toBe(content[1]);
    expect(content).toEqual(saved);
  });

  it('applies nothing when any instance fails, and lists every reason', () => {
    const content = [
      instance('a', 'hero', '1.0.0', { title: 'One' }),
      instance('b', 'hero', '0.4.0', { title: 'Old' }),
      instance('c', 'card', 'not-a-version', {}),
    ];
    const plan = planPageUpgrade(content, catalog, migrations);
    expect(plan.instances.map(({ instanceId, plan: one }) => [instanceId, one.ok])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
    expect(plan.result).toEqual({
      ok: false,
      failures: [
        { ok: false, instanceId: 'b', code: 'migration-missing', step: 0, message: 'no migration from major 0 to 1' },
        expect.objectContaining({ ok: false, instanceId: 'c', code: 'invalid-version' }),
      ],
    });
  });

  it('has nothing to plan on a page that is up to date', () => {
    const content = [instance('a', 'hero', '2.1.0', {})];
    expect(planPageUpgrade(content, catalog, migrations)).toEqual({ instances: [], result: { ok: true, content } });
  });
});
