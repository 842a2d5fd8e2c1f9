import { AuthoringError } from '../../authoring-error.js';
import { listVariants } from '../../model/variant-package.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { compilePackage } from '../../pipeline/compile-package.js';
import { bumpCovers } from '../../versions/bump.js';
import { noPublishedSource, resolvePublishedSource } from '../../versions/published-source.js';
import { diffVariant, formatChange } from '../../versions/variant-diff.js';
import { catalogKeyOf, readVariantState } from '../../versions/version-gate.js';

/** What `diff` runs with beyond the context. */
export interface DiffOptions {
  readonly variant: string;
  /** The environment (`ARTIFACTS_ORIGIN`, `CATALOG_ARTIFACTS_STORE`); the config file's `publish` object when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The folder a store path from the environment is relative to (default: the schema package root). */
  readonly cwd?: string;
}

/**
 * `diff <variant>` (docs/authoring-versions.md "diff"): the changes of the variant's props schema
 * and of its Strapi component's attributes since its last published version (the catalog's,
 * read through the artifacts origin or store), each with the bump it needs, and the bump they
 * need together against the bump its version makes. Writes nothing; exits 0 whatever it finds.
 */
export async function diffCommand(context: CommandContext, options: DiffOptions): Promise<CommandResult> {
  const { root, config } = context;
  const known = await listVariants(root, config.packages);
  if (!known.includes(options.variant)) {
    throw new AuthoringError(
      'variant-unknown',
      `no variant package "${options.variant}" in ${config.packages}/ (known: ${known.length > 0 ? known.join(', ') : 'none'})`,
    );
  }
  const source = resolvePublishedSource(root, options.cwd ?? root, config.publish, options.env ?? {});
  if (source === undefined) throw noPublishedSource('diff');
  const compiled = await compilePackage(context);
  if (!compiled.ok) return { ...compiled.error, summary: `diff ${options.variant}: ${compiled.error.summary}` };
  const { state } = await readVariantState(root, config, compiled.value, options.variant);
  const diff = await diffVariant(source, catalogKeyOf(config), state);
  const extra = { source: source.description, ...diff };
  const base = { ok: true, diagnostics: [], written: [], extra } as const;
  if (diff.published === null) {
    return {
      ...base,
      summary: `diff ${diff.variant}: ${diff.package} was never published on ${source.description}, nothing to compare`,
    };
  }
  const notes = [
    `${diff.package} ${diff.published} (published on ${source.description}) -> ${diff.version} (source)`,
    ...diff.changes.map((found) => `  ${formatChange(found)}`),
    ...(diff.strapiCompared
      ? []
      : [`  strapi: not compared, ${diff.published} was published without a Strapi attributes snapshot`]),
  ];
  const count = diff.changes.length === 1 ? '1 change needs' : `${diff.changes.length} changes need`;
  const given = diff.bump === 'none' ? 'no bump' : `a ${diff.bump} bump`;
  const verdict = bumpCovers(diff.bump, diff.needed) ? 'enough' : `too small: publish refuses it (bump-too-small)`;
  const summary =
    diff.changes.length === 0
      ? `diff ${diff.variant}: no change since ${diff.published}`
      : `diff ${diff.variant}: ${count} a ${diff.needed} bump; ${diff.published} -> ${diff.version} is ${given}, ${verdict}`;
  return { ...base, summary, notes };
}
