import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** What a deploy replaces: generate's folders of the cms output (the database stays in the app's .tmp/). */
const cmsFolders = ['src/api', 'src/components', 'catalog-schema', 'database'];

/** Copies the generated cms folders of `cms` into the Strapi app at `appDir`, as a CMS is redeployed. */
export async function deployCms(cms: string, appDir: string): Promise<void> {
  for (const folder of cmsFolders) {
    await rm(join(appDir, folder), { recursive: true, force: true });
    await cp(join(cms, folder), join(appDir, folder), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}
