import { resolve } from 'node:path';
import { AuthoringError } from '../../authoring-error.js';
import { sortDiagnostics } from '../../diagnostics/diagnostic.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { changesetDir } from '../../release/changeset-file.js';
import { readChangesetPackages } from '../../release/changeset-packages.js';
import { planVersion, type VersionRelease } from '../../release/plan-version.js';
import { applyFileChanges } from '../../rename/apply-file-changes.js';
import { type GateSettings, gateReleases } from '../../versions/gate-releases.js';

function releaseLine({ name, oldVersion, newVersion, type }: VersionRelease): string {
  return `${name} ${oldVersion} -> ${newVersion} (${type})`;
}

/**
 * `changeset:version` (spec 9.5): applies every change set in `.changeset/` with Changesets'
 * libraries (release/plan-version.ts): each bumped variant package gets its new version in
 * package.json and an entry in CHANGELOG.md, and the change sets consumed are deleted, all or
 * nothing. The builds are then out of date: `release --staging` refuses a dist/ built for another
 * version. A new version smaller than its changes since the published one need is refused
 * (`bump-too-small`, docs/authoring-versions.md). `dryRun` prints the bumps and the files and writes nothing.
 */
export async function changesetVersionCommand(
  context: CommandContext,
  options: { dryRun: boolean } & GateSettings,
): Promise<CommandResult> {
  const { root, config } = context;
  const readPackages = await readChangesetPackages(root, config);
  if (!readPackages.ok)
    return failed(sortDiagnostics([...readPackages.error]), 'changeset:version failed, nothing written');
  const read = readPackages.value;
  const plan = await planVersion(root, read);
  const releases = plan.releases.filter((release) => release.type !== 'none');
  const extra = { dryRun: options.dryRun, releases: plan.releases, changesets: plan.changesets };
  if (plan.changesets.length === 0) {
    return {
      ok: true,
      diagnostics: [],
      summary: `changeset:version: no change set in ${changesetDir}/, nothing to version`,
      written: [],
      extra,
    };
  }
  // The new versions must fit the changes since the published ones, before anything is written.
  const gate = await gateReleases(
    context,
    'changeset:version',
    releases.map((release) => ({ variant: release.variant, version: release.newVersion })),
    options,
  );
  if (!gate.ok) return gate.error;
  const paths = plan.changes.map((change) => change.path);
  const notes = [
    ...gate.value,
    ...releases.map(releaseLine),
    ...(releases.length > 0 && !options.dryRun
      ? [
          `build the new versions before releasing: catalog-schema build ${releases.map((release) => release.variant).join(' ')}`,
        ]
      : []),
  ];
  const sets = plan.changesets.length === 1 ? '1 change set' : `${plan.changesets.length} change sets`;
  const bumped = releases.length === 1 ? '1 package' : `${releases.length} packages`;
  if (options.dryRun) {
    return {
      ok: true,
      diagnostics: [],
      summary: `changeset:version --dry-run: ${sets} would bump ${bumped}, ${paths.length} files would change; nothing written`,
      written: [],
      notes: [...notes, ...paths.map((path) => `would write ${path}`)],
      extra,
    };
  }
  try {
    // The package root and the packages folder, wherever --packages puts it.
    await applyFileChanges(root, plan.changes, context.fs, [root, resolve(root, config.packages)]);
  } catch (error) {
    throw new AuthoringError(
      'output-failed',
      `could not apply the versions, nothing changed: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return {
    ok: true,
    diagnostics: [],
    summary: `changeset:version: ${sets} applied, ${bumped} bumped`,
    written: paths,
    notes,
    extra,
  };
}
