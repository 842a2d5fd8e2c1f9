import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPackage, type PackageOutcome } from '../check-package.js';
import { modelMismatches } from './model-mismatches.js';
import { packageFiles, writePackageFiles } from './package-files.js';
import type { PackageSpec } from './package-spec.js';

/** A generated package's files and what became of it. */
export interface SpecOutcome {
  readonly files: ReadonlyMap<string, string>;
  readonly outcome: PackageOutcome;
}

/** Writes the package to a temporary folder, checks it (with the generator's model as the oracle), removes it. */
export async function checkSpec(spec: PackageSpec): Promise<SpecOutcome> {
  const files = packageFiles(spec);
  const root = await mkdtemp(join(tmpdir(), 'catalog-strapi-pkg-'));
  try {
    await writePackageFiles(root, files);
    return { files, outcome: await checkPackage(root, spec.language, (report) => modelMismatches(spec, report)) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
