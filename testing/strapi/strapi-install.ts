import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * testing/strapi/app: the pinned Strapi 5 (package.json and its lock) that every boot uses. Never a
 * dependency of the workspace root; `npm test` installs it on demand (testing/strapi/install-app.mjs).
 */
export const strapiInstallDir = fileURLToPath(new URL('./app/', import.meta.url));

/** Its node_modules, linked into every temporary app so the generated code resolves `@strapi/strapi`. */
export const strapiNodeModules = fileURLToPath(new URL('./app/node_modules/', import.meta.url));

/** Refuses to go on without the installed Strapi, naming the command that installs it. */
export function assertStrapiInstalled(): void {
  if (!existsSync(new URL('./app/node_modules/@strapi/strapi/package.json', import.meta.url))) {
    throw new Error(
      `Strapi is not installed in ${strapiInstallDir}: run \`node testing/strapi/install-app.mjs\` (npm test does)`,
    );
  }
}
