import { resolve } from 'node:path';
import { AuthoringError } from '../../authoring-error.js';
import { type Diagnostic, sortDiagnostics } from '../../diagnostics/diagnostic.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { applyFileChanges } from '../../rename/apply-file-changes.js';
import { type BuilderManifest, readBuilderManifest, stagingListKey } from '../../sync/builder-manifest.js';
import { npmInstall, type ProcessEnv } from '../../sync/npm-install.js';
import { type PinnedDependency, pinStagingVersions } from '../../sync/pin-staging-versions.js';
import { type DistTagAnswer, readDistTag } from '../../sync/read-dist-tag.js';

/** The dist-tag `--staging` resolves (spec 4.4 step 10). */
export const stagingTag = 'staging';

/** What sync:deps runs with beyond the context: the staging registry (resolved by runCli) and npm's environment. */
export interface SyncDepsOptions {
  /** An http(s) URL ending in `/` (config/registry-url.ts). */
  readonly registry: string;
  readonly dryRun: boolean;
  /** The environment npm install runs with. */
  readonly env: ProcessEnv;
}

/** Asks the registry for every tracked dependency at once; a failure to ask stops the command. */
async function askRegistry(manifest: BuilderManifest, registry: string): Promise<Map<string, DistTagAnswer>> {
  const settled = await Promise.allSettled(
    manifest.tracked.map(async ({ name }) => [name, await readDistTag(registry, name, stagingTag)] as const),
  );
  const rejected = settled.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
  return new Map(settled.map((result) => (result as PromiseFulfilledResult<readonly [string, DistTagAnswer]>).value));
}

/** A package or tag the registry does not have, at the dependency's first declaration. */
function answerDiagnostics(
  manifest: BuilderManifest,
  answers: Map<string, DistTagAnswer>,
  registry: string,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const { name, places } of manifest.tracked) {
    const answer = answers.get(name);
    // Every tracked package was asked, and every tracked package has a place.
    const section = places[0]?.section;
    if (answer === undefined || section === undefined) throw new Error(`${name} was not asked`);
    const path = [section, name];
    if (answer.kind === 'package-unknown') {
      const message = `${name} is not in the staging registry ${registry} (publish it first: spec 4.4 step 9)`;
      diagnostics.push(manifest.file.diagnostic(path, 'staging-package-unknown', message, 'key'));
    } else if (answer.kind === 'tag-missing') {
      const tags = answer.tags.length > 0 ? answer.tags.join(', ') : 'none';
      const message = `${name} has no "${stagingTag}" dist-tag in the staging registry ${registry} (its tags: ${tags})`;
      diagnostics.push(manifest.file.diagnostic(path, 'staging-tag-missing', message, 'key'));
    }
  }
  return diagnostics;
}

function changeLine({ name, section, from, to }: PinnedDependency): string {
  return `${name} ${from} -> ${to} (${section})`;
}

/**
 * `sync:deps --staging` (spec 4.4 step 10): pins every dependency of the builder project that
 * tracks staging (value "staging", or listed in `catalogStaging`) to the exact version the
 * registry's `staging` dist-tag points at now, remembers them in `catalogStaging`, then runs
 * `npm install` there with the scope read from the staging registry. Every package is asked
 * first; an unknown package or tag writes nothing. The file is replaced atomically, and put back
 * if npm install fails. npm install runs even when nothing changed (it is what makes node_modules
 * match package.json); `dryRun` asks the registry and reports, writing and installing nothing.
 */
export async function syncDepsCommand(context: CommandContext, options: SyncDepsOptions): Promise<CommandResult> {
  const { root, config } = context;
  const { registry, dryRun } = options;
  const read = await readBuilderManifest(root, config.builder, config.scope);
  if (!read.ok) return failed(sortDiagnostics(read.error), 'sync:deps failed, nothing written');
  const manifest = read.value;
  const answers = await askRegistry(manifest, registry);
  const diagnostics = answerDiagnostics(manifest, answers, registry);
  if (diagnostics.length > 0) return failed(sortDiagnostics(diagnostics), 'sync:deps failed, nothing written');

  const versions = new Map<string, string>();
  for (const [name, answer] of answers) if (answer.kind === 'version') versions.set(name, answer.version);
  const pins = pinStagingVersions(manifest, versions);
  const changes = pins.dependencies.filter(({ from, to }) => from !== to);
  const notes = [
    ...changes.map(changeLine),
    ...manifest.dropped.map((name) => `${name} is no longer a dependency: dropped from "${stagingListKey}"`),
  ];
  const manifestPath = manifest.file.path;
  const extra = {
    dryRun,
    builder: config.builder,
    registry,
    tag: stagingTag,
    dependencies: pins.dependencies,
    installed: false,
  };
  const tracked = `${manifest.tracked.length} tracking ${stagingTag}`;
  const state =
    manifest.tracked.length === 0
      ? 'no dependency tracks staging (give one the value "staging")'
      : changes.length === 0
        ? `up to date, ${tracked}`
        : `${changes.length} ${dryRun ? 'would change' : 'changed'}, ${tracked}`;
  if (dryRun) {
    const nothing = pins.changed ? `nothing written to ${manifestPath}` : 'nothing to write';
    return {
      ok: true,
      diagnostics: [],
      summary: `sync:deps --dry-run: ${state}; ${nothing}, npm install not run`,
      written: [],
      notes,
      extra,
    };
  }

  const builderDir = resolve(root, config.builder);
  const write = async (text: string) => {
    try {
      await applyFileChanges(builderDir, [{ path: 'package.json', text }], context.fs);
    } catch (error) {
      throw new AuthoringError('output-failed', `could not write ${manifestPath}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  };
  if (pins.changed) await write(pins.text);
  let command: string;
  try {
    command = await npmInstall(builderDir, config.scope, registry, options.env);
  } catch (error) {
    // package.json goes back to what matches node_modules and the lock file, which npm rolled back.
    if (pins.changed) await write(manifest.bom ? `\ufeff${manifest.file.text}` : manifest.file.text);
    throw error;
  }
  notes.push(`ran ${command} in ${config.builder}`);
  return {
    ok: true,
    diagnostics: [],
    summary: `sync:deps: ${state}; npm install ran`,
    written: pins.changed ? [manifestPath] : [],
    notes,
    extra: { ...extra, installed: true },
  };
}
