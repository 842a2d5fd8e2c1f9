import { AuthoringError } from '../../authoring-error.js';
import { sortDiagnostics } from '../../diagnostics/diagnostic.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { type BumpType, changesetFile } from '../../release/changeset-file.js';
import { readChangesetPackages } from '../../release/changeset-packages.js';
import { requireVariants } from '../../release/require-variants.js';
import { applyFileChanges } from '../../rename/apply-file-changes.js';

/** What `changeset:add` writes. */
export interface ChangesetAddOptions {
  /** Variant names (the folders are `ui-<variant>`); at least one. */
  readonly variants: readonly string[];
  readonly bump: BumpType;
  /** The changelog text: its first line is the entry, the rest is indented below it. */
  readonly summary: string;
  readonly dryRun: boolean;
}

/**
 * `changeset:add <variant>... --bump <type> --summary <text>` (spec 9.5): writes one change set,
 * `.changeset/<id>.md`, bumping the named variant packages, made by @changesets/write;
 * `changeset:version` applies it. `dryRun` prints the file and writes nothing.
 */
export async function changesetAddCommand(
  context: CommandContext,
  options: ChangesetAddOptions,
): Promise<CommandResult> {
  const { root, config } = context;
  const summary = options.summary.trim();
  if (summary === '') throw new AuthoringError('usage', 'changeset:add needs a --summary: the changelog entry');
  await requireVariants(root, config.packages, options.variants);
  const readPackages = await readChangesetPackages(root, config, [...new Set(options.variants)]);
  if (!readPackages.ok)
    return failed(sortDiagnostics([...readPackages.error]), 'changeset:add failed, nothing written');
  const read = readPackages.value;
  const names = read.variants.map((pkg) => pkg.name);
  const file = await changesetFile(root, names, options.bump, summary);
  const releases = names.map((name) => ({ name, type: options.bump }));
  const extra = { dryRun: options.dryRun, id: file.id, path: file.path, releases, text: file.text };
  const what = `${options.bump} ${names.join(', ')}`;
  if (options.dryRun) {
    return {
      ok: true,
      diagnostics: [],
      summary: `changeset:add --dry-run: would write ${file.path} (${what}); nothing written`,
      written: [],
      notes: file.text.trimEnd().split('\n'),
      extra,
    };
  }
  try {
    await applyFileChanges(root, [{ path: file.path, text: file.text }], context.fs);
  } catch (error) {
    throw new AuthoringError('output-failed', `could not write ${file.path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    ok: true,
    diagnostics: [],
    summary: `changeset:add: wrote ${file.path} (${what}); changeset:version applies it`,
    written: [file.path],
    extra,
  };
}
