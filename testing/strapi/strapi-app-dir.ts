import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { appConfigFiles, appEnvFile, appTsconfig } from './app-config-files.js';
import { assertStrapiInstalled, strapiInstallDir, strapiNodeModules } from './strapi-install.js';

/** A temporary Strapi app holding one generated cms folder. */
export interface StrapiAppDir {
  readonly appDir: string;
  readonly language: 'js' | 'ts';
  /** Removes the app (its database included). */
  remove(): Promise<void>;
}

/**
 * Makes a Strapi app in a temporary folder around the `cms` output of `catalog-schema generate`
 * (src/api, src/components, catalog-schema/, and src/index.* when generated): package.json with
 * the installed app's dependencies (Strapi enables the plugins it finds there), config/ and .env,
 * public/uploads, the sqlite file under .tmp/, tsconfig.json for `ts`, and node_modules linked to
 * the one installed Strapi.
 */
export async function createStrapiAppDir(cmsDir: string, language: 'js' | 'ts'): Promise<StrapiAppDir> {
  assertStrapiInstalled();
  const appDir = await mkdtemp(join(tmpdir(), 'catalog-strapi-app-'));
  await cp(cmsDir, appDir, { recursive: true });
  const installed = JSON.parse(await readFile(join(strapiInstallDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const files = new Map<string, string>([
    [
      'package.json',
      `${JSON.stringify({ name: 'catalog-strapi-test-app', private: true, version: '0.0.0', dependencies: installed.dependencies }, null, 2)}\n`,
    ],
    ['.env', appEnvFile(join(appDir, '.tmp', 'data.db'))],
    ...appConfigFiles(language),
  ]);
  if (language === 'ts') files.set('tsconfig.json', appTsconfig);
  for (const [path, text] of files) {
    await mkdir(dirname(join(appDir, path)), { recursive: true });
    await writeFile(join(appDir, path), text);
  }
  await mkdir(join(appDir, 'public', 'uploads'), { recursive: true });
  await mkdir(join(appDir, '.tmp'), { recursive: true });
  await symlink(strapiNodeModules, join(appDir, 'node_modules'), 'dir');
  return { appDir, language, remove: () => rm(appDir, { recursive: true, force: true }) };
}
