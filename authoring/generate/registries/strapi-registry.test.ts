import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/compile-model.js';
import { collectionSource, componentSource, validateFixture } from '../../testing/source-fixture.js';
import { strapiRegistry } from './strapi-registry.js';

function registryOf(fields: Record<string, unknown>, componentFields: Record<string, unknown> = {}) {
  const { model, diagnostics } = validateFixture({
    components: { 'shared/seo.json': componentSource('shared.seo', { cmp_variant: 'string!', ...componentFields }) },
    collections: { 'thing.json': collectionSource('thing', { slug: 'uid!', ...fields }) },
  });
  expect(diagnostics).toEqual([]);
  return strapiRegistry(compileModel(model, 'hash'));
}

describe('strapiRegistry: what the CMS must have installed', () => {
  it('lists the custom fields used and the plugins they come from', () => {
    const registry = registryOf(
      { color: { type: 'customField', customField: 'plugin::color-picker.color' } },
      {
        tint: { type: 'customField', customField: 'plugin::color-picker.color' },
        rating: { type: 'customField', customField: 'global::rating' },
      },
    );
    expect(registry.requiredPlugins).toEqual(['color-picker']);
    expect(registry.customFields).toEqual(['global::rating', 'plugin::color-picker.color']);
  });

  it('lists none when no custom field is used', () => {
    const registry = registryOf({ title: 'string' });
    expect(registry.requiredPlugins).toEqual([]);
    expect(registry.customFields).toEqual([]);
  });
});
