import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { readCategories } from '../../scaffold/read-categories.js';
import { scaffoldVariant } from '../../scaffold/scaffold-variant.js';

/**
 * `scaffold --category <key> [--title <title>] [--variant <name>]` (spec 4.4 step 6): a new variant
 * `<category><n>` (the next free one, or exactly `--variant`) of a category generate:types listed, with its component source, lock entry,
 * editor schema and variant package (package.json, src/index.tsx, data.json, puck.json,
 * meta.json), all or nothing. `dryRun` reports the variant and files and writes nothing.
 */
export async function scaffoldCommand(
  context: CommandContext,
  options: { category: string; title: string | undefined; variant: string | undefined; dryRun: boolean },
): Promise<CommandResult> {
  const { root, config } = context;
  const read = await readCategories(root, config);
  if (!read.ok) return failed([read.error], 'scaffold failed, nothing written');
  const categories = read.value;
  if (!categories.includes(options.category)) {
    const diagnostic: Diagnostic = {
      path: `${config.types}/categories.json`,
      line: 1,
      column: 1,
      code: 'scaffold-category-unknown',
      message: `category "${options.category}" is not one of the categories (known: ${categories.join(', ') || 'none'})`,
    };
    return failed([diagnostic], 'scaffold failed, nothing written');
  }
  const scaffolded = await scaffoldVariant(root, config, context.fs, options);
  if (!scaffolded.ok) return failed([scaffolded.error], 'scaffold failed, nothing written');
  const result = scaffolded.value;
  const extra = { dryRun: options.dryRun, variant: result.variant, category: result.category, package: result.package };
  if (options.dryRun) {
    return {
      ok: true,
      diagnostics: [],
      summary: `scaffold --dry-run: would create ${result.variant} (${result.package}), nothing written`,
      written: [],
      notes: result.files,
      extra: { ...extra, files: result.files },
    };
  }
  return {
    ok: true,
    diagnostics: [],
    summary: `scaffold: created ${result.variant} (${result.package}), ${result.files.length} files`,
    written: result.files,
    extra,
  };
}
