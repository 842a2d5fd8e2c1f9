import type { Data } from '@puckeditor/core';
import type { Page } from '@runtime-component-catalog/contracts';
import { describe, expect, it } from 'vitest';
import { CatalogView } from '../catalog-view.js';
import { InstanceLifecycles } from './instance-lifecycles.js';
import { PageMapping } from './page-mapping.js';
import { VERSION_PROP } from './version-prop.js';

// Which version an instance is saved with (docs/sdk-versions.md "Which version is saved"): the
// catalog of the editor says hero1 is 2.0.0; the entry the package renders with in this editor
// is `catalogVersion` (what the host answered first).
const view = new CatalogView({
  defaultExternals: [],
  packages: [{ id: 'hero1', label: 'Hero', package: '@acme/ui-hero1', version: '2.0.0', category: 'hero' }],
});

function mapping(catalogVersion: string | undefined = '2.0.0'): PageMapping {
  return new PageMapping(view, new InstanceLifecycles(), () => catalogVersion);
}

const stored: Page = {
  id: 'home',
  title: 'Home',
  revision: 3,
  updatedAt: '2026-11-28T00:00:00.000Z',
  content: [
    { id: 'old', packageId: 'hero1', package: '@acme/ui-hero1', version: '1.0.0', props: { subtitle: 'S' } },
    { id: 'minor', packageId: 'hero1', package: '@acme/ui-hero1', version: '2.0.0', props: { tagline: 'T' } },
  ],
};

/** Puck data of `stored` with one item's props replaced (as an edit in the fields does). */
function edited(data: Data, id: string, change: Record<string, unknown>): Data {
  return {
    ...data,
    content: data.content.map((item) =>
      item.props.id === id ? { ...item, props: { ...item.props, ...change } } : item,
    ),
  };
}

describe('PageMapping versions', () => {
  it('keeps every stored version while nothing is edited, byte for byte the stored page', () => {
    const map = mapping();
    const data = map.toPuckData(stored);
    expect(data.content.map((item) => item.props[VERSION_PROP])).toEqual(['1.0.0', '2.0.0']);
    expect(map.toPage(data, stored)).toEqual(stored);
  });

  it('an edited instance of another major keeps its own version; of the catalog major, records the catalog version', () => {
    const map = mapping('2.1.0');
    const data = map.toPuckData(stored);
    const page = map.toPage(edited(edited(data, 'old', { subtitle: 'S2' }), 'minor', { tagline: 'T2' }), stored);
    expect(page.content.map(({ id, version, props }) => ({ id, version, props }))).toEqual([
      { id: 'old', version: '1.0.0', props: { subtitle: 'S2' } },
      { id: 'minor', version: '2.1.0', props: { tagline: 'T2' } },
    ]);
  });

  it('an upgrade saves the new version, and its undo the old version with the old props', () => {
    const map = mapping();
    const data = map.toPuckData(stored);
    const upgraded = map.toPage(
      edited(data, 'old', { subtitle: undefined, tagline: 'S', [VERSION_PROP]: '2.0.0' }),
      stored,
    );
    const upgradedOld = upgraded.content[0];
    expect(upgradedOld?.version).toBe('2.0.0');
    expect(upgradedOld?.props).toEqual({ subtitle: undefined, tagline: 'S' });
    // Puck's undo gives back the item as it was, version included: the stored page is the upgraded one.
    const undone = map.toPage(data, { ...stored, revision: 4, content: upgraded.content });
    expect(undone.content[0]).toEqual(stored.content[0]);
  });

  it('an upgrade that changes no prop still saves the new version, and its undo the old one', () => {
    const same: Page = { ...stored, content: [{ ...stored.content[0]!, props: { tagline: 'T' } }] };
    const map = mapping();
    const data = map.toPuckData(same);
    const upgraded = map.toPage(edited(data, 'old', { [VERSION_PROP]: '2.0.0' }), same);
    expect(upgraded.content[0]?.version).toBe('2.0.0');
    expect(map.toPage(data, upgraded).content[0]?.version).toBe('1.0.0');
  });

  it('never moves an instance newer than the catalog (a rollback) down, nor one whose catalog entry is unknown', () => {
    const newer: Page = { ...stored, content: [{ ...stored.content[1]!, version: '2.3.0' }] };
    const map = mapping('2.0.0');
    const page = map.toPage(edited(map.toPuckData(newer), 'minor', { tagline: 'X' }), newer);
    expect(page.content[0]?.version).toBe('2.3.0');
    const unknown = mapping(undefined);
    const kept = unknown.toPage(edited(unknown.toPuckData(stored), 'old', { subtitle: 'X' }), stored);
    expect(kept.content[0]?.version).toBe('1.0.0');
  });

  it('a duplicate carries the version of the instance it copies', () => {
    const map = mapping('1.2.0');
    const data = map.toPuckData(stored);
    const copy = { type: 'hero1', props: { ...data.content[0]!.props, id: 'copy' } };
    const page = map.toPage({ ...data, content: [...data.content, copy] }, stored);
    expect(page.content[2]).toEqual({ ...stored.content[0], id: 'copy', version: '1.2.0' });
  });
});
