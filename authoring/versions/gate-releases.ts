import type { CommandContext } from '../pipeline/command-context.js';
import type { CommandResult } from '../pipeline/command-result.js';
import { compilePackage } from '../pipeline/compile-package.js';
import { failure, type Result, success } from '../result.js';
import { resolvePublishedSource } from './published-source.js';
import { gateVariant } from './version-gate.js';

/** Where a release command reads the published versions from. */
export interface GateSettings {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
}

/**
 * The bump gate of changeset:version and release (docs/authoring-versions.md "The publish gate"):
 * each variant at its version must fit the changes since its last published version, or
 * `bump-too-small` is thrown before anything is written. Without an artifacts origin or store
 * configured there is nothing published to compare with, and the gate passes.
 */
export async function gateReleases(
  context: CommandContext,
  command: string,
  releases: readonly { variant: string; version: string }[],
  settings: GateSettings,
): Promise<Result<string[], CommandResult>> {
  if (releases.length === 0) return success([]);
  const source = resolvePublishedSource(
    context.root,
    settings.cwd ?? context.root,
    context.config.publish,
    settings.env ?? {},
  );
  // Nothing published to read (no origin or store configured): nothing to compare with.
  if (source === undefined) return success([]);
  const compiled = await compilePackage(context);
  if (!compiled.ok) return failure({ ...compiled.error, summary: `${command}: ${compiled.error.summary}` });
  const notes: string[] = [];
  for (const release of releases) {
    const { diff } = await gateVariant(context.root, context.config, compiled.value, source, {
      ...release,
      migrations: false,
    });
    if (diff.published !== null)
      notes.push(
        `${diff.package} ${diff.published} -> ${diff.version}: ${diff.changes.length === 1 ? '1 change needs' : `${diff.changes.length} changes need`} ${diff.needed}, ${diff.bump} given`,
      );
  }
  return success(notes);
}
