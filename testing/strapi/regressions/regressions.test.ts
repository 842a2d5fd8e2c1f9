import { readdirSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPackage } from '../check-package.js';
import { copyReferenceSot } from '../property/package-files.js';

// Packages that once validated but failed in real Strapi (found by the property test and its
// survey; README.md lists Strapi's error for each). Each must now be refused by validate, or
// generate, boot and pass every check.

const regressionsDir = fileURLToPath(new URL('./', import.meta.url));
const cases = readdirSync(regressionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('regression packages in real Strapi 5', () => {
  it.each(cases)('%s: refused by validate, or boots and passes every check', async (name) => {
    const root = await mkdtemp(join(tmpdir(), `catalog-strapi-regression-${name}-`));
    try {
      await cp(join(regressionsDir, name), root, { recursive: true });
      await copyReferenceSot(root);
      const outcome = await checkPackage(root, 'js');
      console.log(`${name}: ${outcome.status === 'refused' ? `refused\n${outcome.diagnostics}` : outcome.status}`);
      expect(outcome.status === 'failed' ? outcome.problems : []).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
