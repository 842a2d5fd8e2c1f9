import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { resolvePublishTargets } from '../../publish/publish-settings.js';
import { rollbackVariant } from '../../publish/rollback-variant.js';

/**
 * `rollback <variant> --to <version> [--dry-run]` (docs/authoring-migrate-pages.md "Rollback"):
 * the catalog points at a version published before, once its artifacts and module are read back,
 * then the host revalidates the package. Settings are publish's (docs/authoring-publish.md
 * "Settings"). A version never published whole is `unknown-version` (exit 1), nothing written; a
 * catalog already pointing at it is "up to date", with no request to the host. Lines go to
 * `progress` as they happen when given, else before the summary.
 */
export async function rollbackCommand(
  context: CommandContext,
  options: {
    variant: string;
    to: string;
    dryRun: boolean;
    env: Readonly<Record<string, string | undefined>>;
    /** The folder relative store paths of the environment are resolved from (the CLI's working folder). */
    cwd?: string;
    progress?: (line: string) => void;
  },
): Promise<CommandResult> {
  const targets = await resolvePublishTargets(
    context.root,
    options.cwd ?? process.cwd(),
    context.config.publish,
    options.env,
  );
  const notes: string[] = [];
  const progress = options.progress ?? ((line: string) => notes.push(line));
  const result = await rollbackVariant(context.root, context.config, options.variant, options.to, targets, {
    dryRun: options.dryRun,
    progress,
  });
  const at = `${result.package}@${result.to}`;
  const summary = result.upToDate
    ? `up to date: the catalog points ${result.variant} at ${at}`
    : options.dryRun
      ? `rollback --dry-run: would point ${result.variant} at ${at}; nothing written or revalidated`
      : `rolled back ${result.variant} to ${at}${result.from === undefined || result.from === result.to ? '' : ` (was ${result.from})`}`;
  return {
    ok: true,
    diagnostics: [],
    summary,
    written: result.uploaded,
    notes,
    extra: { dryRun: options.dryRun, rollback: result },
  };
}
