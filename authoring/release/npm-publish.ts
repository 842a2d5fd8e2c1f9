import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import type { ProcessEnv } from '../sync/npm-install.js';
import { sha512Integrity } from './integrity.js';
import type { RegistryTarget } from './release-registries.js';
import { outputTail, runNpm } from './run-npm.js';

/** A tarball on disk and its npm integrity. */
export interface PackedTarball {
  readonly file: string;
  readonly integrity: string;
}

/**
 * `npm pack <packageDir>` into the scratch folder `dir`, lifecycle scripts off (the package was
 * built by `catalog-schema build`; nothing else runs): the tarball npm would publish, and the
 * integrity of its bytes, computed here.
 */
export async function npmPack(
  packageDir: string,
  dir: string,
  registry: RegistryTarget,
  env: ProcessEnv,
  step: string,
): Promise<PackedTarball> {
  const outcome = await runNpm(
    ['pack', packageDir, '--pack-destination', dir, '--json', '--ignore-scripts'],
    dir,
    { url: registry.url, token: undefined },
    env,
  );
  let filename: unknown;
  try {
    filename = (JSON.parse(outcome.stdout) as { filename?: unknown }[])[0]?.filename;
  } catch {
    filename = undefined;
  }
  if (outcome.code !== 0 || typeof filename !== 'string' || filename.includes('/'))
    throw new AuthoringError(
      'npm-publish-failed',
      `${step}: ${outcome.command} failed (exit ${outcome.code}):\n${outputTail(outcome)}`,
    );
  const file = join(dir, filename);
  return { file, integrity: sha512Integrity(await readFile(file)) };
}

/**
 * `npm publish <tarball> --registry <url> --tag <tag>` with the registry's token (run-npm.ts).
 * The scope's registry is set too: a `@scope:registry` line anywhere in npm's config would win
 * over `--registry` for a scoped package. Lifecycle scripts are off. A failure is
 * `npm-publish-failed` naming the step and ending with npm's last lines.
 */
export async function npmPublish(
  tarball: string,
  dir: string,
  options: {
    readonly registry: RegistryTarget;
    readonly scope: string;
    readonly tag: string;
    readonly env: ProcessEnv;
    readonly step: string;
  },
): Promise<void> {
  const { registry, scope, tag, env, step } = options;
  const outcome = await runNpm(
    [
      'publish',
      tarball,
      '--registry',
      registry.url,
      `--${scope}:registry=${registry.url}`,
      '--tag',
      tag,
      '--ignore-scripts',
    ],
    dir,
    registry,
    env,
  );
  if (outcome.code !== 0)
    throw new AuthoringError(
      'npm-publish-failed',
      `${step}: npm publish to the ${registry.role} registry ${registry.url} failed (exit ${outcome.code}):\n${outputTail(outcome)}`,
    );
}
