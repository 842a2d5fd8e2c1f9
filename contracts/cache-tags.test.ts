import { describe, expect, it } from 'vitest';
import { ARTIFACT_NAMES, isArtifactName } from './artifact-name.js';
import { artifactCacheKeyParts, artifactTag, CATALOG_TAG, cacheKey, packageTag } from './cache-tags.js';

describe('tags and cache keys (spec 3)', () => {
  it('names tags exactly as spec 3', () => {
    expect(artifactTag('hero1', 'data.json')).toBe('runtime-artifact:hero1:data.json');
    expect(packageTag('hero1')).toBe('runtime-package:hero1');
    expect(CATALOG_TAG).toBe('runtime-catalog');
  });

  it('puts the version in every artifact key', () => {
    expect(artifactCacheKeyParts('hero1', '1.0.0', 'meta.json')).toEqual([
      'runtime-artifact-fetch',
      'hero1',
      '1.0.0',
      'meta.json',
    ]);
    expect(cacheKey(artifactCacheKeyParts('hero1', '1.0.0', 'meta.json'))).not.toBe(
      cacheKey(artifactCacheKeyParts('hero1', '1.0.1', 'meta.json')),
    );
    expect(cacheKey(['a:b', 'c'])).not.toBe(cacheKey(['a', 'b:c']));
  });

  it('knows the five artifact names and nothing else', () => {
    expect(ARTIFACT_NAMES).toEqual(['descriptor.json', 'data.json', 'schema.json', 'puck.json', 'meta.json']);
    for (const name of ARTIFACT_NAMES) expect(isArtifactName(name)).toBe(true);
    for (const other of ['index.js', 'DATA.JSON', '', 5, null, undefined, {}])
      expect(isArtifactName(other)).toBe(false);
  });
});
