import { parse } from '@changesets/config';
import type { Config, WrittenConfig } from '@changesets/types';
import type { Packages } from '@manypkg/get-packages';

/**
 * The Changesets config of every schema package, fixed here rather than read from
 * `.changeset/config.json` (docs/authoring-releases.md): Changesets' own changelog format,
 * formatted by the prettier Changesets ships with (the scratch folder has no prettier config to
 * find), no commits (the publisher commits), and no fixed or linked groups (each variant is
 * versioned on its own).
 */
const writtenConfig: WrittenConfig = {
  changelog: '@changesets/cli/changelog',
  commit: false,
  fixed: [],
  linked: [],
  access: 'restricted',
  baseBranch: 'main',
  updateInternalDependencies: 'patch',
  ignore: [],
  prettier: true,
  privatePackages: { version: true, tag: false },
};

/** The config for `packages`, checked by Changesets' own parser. */
export function changesetConfig(packages: Packages): Config {
  return parse(writtenConfig, packages);
}
