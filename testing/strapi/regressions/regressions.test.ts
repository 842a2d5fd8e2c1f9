import { readdirSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPackage } from '../check-package.js';
import { copyReferenceSot } from '../property/package-files.js';

// Packages whose generated output real Strapi refuses or corrupts (README.md gives Strapi's error
// for each; docs/strapi-tests.md "Names Strapi refuses"). validate refuses each with the code of
// the rule that mirrors Strapi's; a package without an expected code must generate, boot and pass
// every check.

/** The diagnostic code validate refuses each regression package with. */
const expectedCodes: Record<string, string> = {
  'attribute-id-underscore': 'attribute-name-reserved',
  'attribute-id-underscore-in-component': 'attribute-name-reserved',
  'collection-doubled-dash': 'model-name-invalid',
  'collection-file': 'table-name-conflict',
  'collection-trailing-dash': 'model-name-invalid',
  'collections-step2-and-step-2': 'model-name-conflict',
  'columns-abtest-ab_test': 'attribute-name-conflict',
  'columns-step2-step_2': 'attribute-name-conflict',
  'components-banner2-banner-2-relations': 'table-name-conflict',
  'enum-value-at-1x': 'enum-value-invalid',
  'enum-values-r-and-d': 'enum-value-duplicate',
  'link-tables-line1-line_1': 'attribute-name-conflict',
  'link-tables-line1-line_1-two-targets': 'attribute-name-conflict',
};

const regressionsDir = fileURLToPath(new URL('./', import.meta.url));
const cases = readdirSync(regressionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('regression packages in real Strapi 5', () => {
  it.each(cases)('%s: refused by validate with the mirrored rule (or boots and passes every check)', async (name) => {
    const root = await mkdtemp(join(tmpdir(), `catalog-strapi-regression-${name}-`));
    try {
      await cp(join(regressionsDir, name), root, { recursive: true });
      await copyReferenceSot(root);
      const outcome = await checkPackage(root, 'js');
      console.log(`${name}: ${outcome.status === 'refused' ? `refused\n${outcome.diagnostics}` : outcome.status}`);
      expect(outcome.status === 'failed' ? outcome.problems : []).toEqual([]);
      const code = expectedCodes[name];
      if (code !== undefined) {
        expect(outcome.status).toBe('refused');
        expect(outcome.status === 'refused' ? outcome.diagnostics : '').toContain(` ${code} `);
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
