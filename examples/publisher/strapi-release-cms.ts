import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PlaygroundStrapi } from '../stack/playground-strapi.js';
import type { PublishStores } from '../stack/publish-schema-package.js';
import type { ReleaseOverlay } from '../stack/release-overlays.js';
import { runCatalogSchema } from './catalog-schema-run.js';
import type { ReleaseCms } from './release-versions.js';

/**
 * The playground's Strapi as a release's CMS (docs/playground-versions.md): the
 * release's component sources (`src/`) go over the package copy Strapi was generated from, whose
 * last output is there, so `catalog-schema generate` compares with what the database was synced
 * with (a declared rename writes its database migration, a declared removal keeps its attribute);
 * then the cms folders are deployed and Strapi restarted on the same database and port. A refused
 * generate puts the sources back and leaves Strapi running as it was.
 */
export function strapiReleaseCms(strapi: PlaygroundStrapi, stores: PublishStores): ReleaseCms {
  return {
    async deploy(release: ReleaseOverlay) {
      const sources = release.files.filter((file) => file.startsWith('src/'));
      const previous = await Promise.all(
        sources.map((file) => readFile(join(strapi.packageRoot, file)).catch(() => undefined)),
      );
      for (const file of sources) await cp(join(release.dir, file), join(strapi.packageRoot, file));
      let run: Awaited<ReturnType<typeof runCatalogSchema>>;
      try {
        run = await runCatalogSchema(['generate'], strapi.packageRoot, stores);
      } catch (error) {
        await Promise.all(
          sources.map(async (file, index) => {
            const bytes = previous[index];
            const path = join(strapi.packageRoot, file);
            await (bytes === undefined ? rm(path, { force: true }) : writeFile(path, bytes));
          }),
        );
        throw error;
      }
      await strapi.redeploy();
      const deployed = `cms: ${sources.join(', ')} generated, deployed, Strapi restarted at ${strapi.url} (its migrations ran)`;
      return [...run.steps, { step: 'publish', text: run.summary }, { step: 'publish', text: deployed }];
    },
  };
}
