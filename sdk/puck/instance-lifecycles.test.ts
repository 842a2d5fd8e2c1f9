import { describe, expect, it } from 'vitest';
import { SdkError } from '../sdk-error.js';
import { InstanceLifecycles } from './instance-lifecycles.js';

describe('InstanceLifecycles (one state machine per inserted instance)', () => {
  it('saves an instance from the saved page as it is, and shows it at once', () => {
    const lifecycles = new InstanceLifecycles();
    expect(lifecycles.get('saved')).toBeUndefined();
    expect(lifecycles.saveable('saved', {})).toBe(true);
    expect(lifecycles.ready('saved', {})).toBe(true);
  });

  it('never saves nor shows an insert before its defaults are on the instance, neither bare nor with {}', async () => {
    const lifecycles = new InstanceLifecycles();
    const rendered = lifecycles.whenRendered('i1');
    lifecycles.start('i1');
    expect([lifecycles.saveable('i1', {}), lifecycles.ready('i1', {})]).toEqual([false, false]);
    lifecycles.inserted('i1', { title: 'Hi' });
    expect(lifecycles.get('i1')).toEqual({ status: 'awaiting-props', props: '{"title":"Hi"}' });
    expect([lifecycles.saveable('i1', {}), lifecycles.ready('i1', {})]).toEqual([false, false]);
    expect([lifecycles.saveable('i1', { title: 'Hi' }), lifecycles.ready('i1', { title: 'Hi' })]).toEqual([true, true]);
    // A render with other props does not settle it; the one with its defaults does.
    lifecycles.rendered('i1', {});
    expect(lifecycles.get('i1')?.status).toBe('awaiting-props');
    lifecycles.rendered('i1', { title: 'Hi' });
    await rendered;
    expect(lifecycles.get('i1')).toEqual({ status: 'settled', withProps: true });
    // Edits save; an undo to Puck's bare first step of the insert does not.
    expect(lifecycles.saveable('i1', { title: 'Edited' })).toBe(true);
    expect(lifecycles.saveable('i1', {})).toBe(false);
  });

  it('saves an instance whose data.json was null, once rendered with {}', () => {
    const lifecycles = new InstanceLifecycles();
    lifecycles.start('i1');
    lifecycles.inserted('i1', {});
    lifecycles.rendered('i1', {});
    expect(lifecycles.get('i1')).toEqual({ status: 'settled', withProps: false });
    expect(lifecycles.saveable('i1', {})).toBe(true);
  });

  it('rejects the insert when it fails, keeps the instance unsaved, and a later failure keeps a settled one', async () => {
    const lifecycles = new InstanceLifecycles();
    const rendered = lifecycles.whenRendered('i1');
    lifecycles.start('i1');
    const error = new SdkError('network', 'offline');
    lifecycles.failed('i1', error);
    await expect(rendered).rejects.toBe(error);
    await expect(lifecycles.whenRendered('i1')).rejects.toBe(error);
    expect(lifecycles.saveable('i1', {})).toBe(false);

    lifecycles.start('i2');
    lifecycles.inserted('i2', { a: 1 });
    lifecycles.rendered('i2', { a: 1 });
    lifecycles.failed('i2', new Error('render failed after an edit'));
    expect(lifecycles.get('i2')?.status).toBe('settled');
    await expect(lifecycles.whenRendered('i2')).resolves.toBeUndefined();
  });

  it('tells subscribers of every change', () => {
    const lifecycles = new InstanceLifecycles();
    let calls = 0;
    const stop = lifecycles.subscribe(() => {
      calls += 1;
    });
    lifecycles.start('i1');
    lifecycles.inserted('i1', {});
    lifecycles.rendered('i1', {});
    stop();
    lifecycles.start('i2');
    expect(calls).toBe(3);
  });
});
