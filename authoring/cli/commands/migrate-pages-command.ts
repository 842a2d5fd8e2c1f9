import { AuthoringError } from '../../authoring-error.js';
import { instanceLabel, migratePages, pageLabel } from '../../pages/migrate-pages.js';
import { pageCollectionsOf, pagesSchemaOf } from '../../pages/pages-schema.js';
import type { StoredInstance } from '../../pages/plan-page.js';
import { StrapiClient } from '../../pages/strapi-client.js';
import { resolveStrapiTarget } from '../../pages/strapi-target.js';
import { variantTargets } from '../../pages/variant-targets.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { compilePackage } from '../../pipeline/compile-package.js';

/** At most this many instances are named in one error message; the lines above name each one. */
const namedInMessage = 10;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** `3 instances on 2 pages`. */
function counted(instances: readonly StoredInstance[]): string {
  const pages = new Set(instances.map((instance) => `${instance.documentId}\u0000${instance.locale}`)).size;
  return `${plural(instances.length, 'instance')} on ${plural(pages, 'page')}`;
}

function named(items: readonly string[]): string {
  const more = items.length - namedInMessage;
  return `${items.slice(0, namedInMessage).join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/**
 * `migrate-pages [variant...] [--dry-run | --check]` (docs/authoring-migrate-pages.md): validate and
 * compile the package (the Strapi facts of its pages), then upgrade every instance stored in
 * Strapi (`STRAPI_URL`, `STRAPI_TOKEN`) whose major is below its variant package's, one new
 * revision a page through the revision guard. `--dry-run` runs the migrations and prints what
 * would change; `--check` only looks and exits 1 (`pages-need-migration`) while any is left. A
 * page an instance fails on is left untouched; the run goes on and exits 1 (`migrate-pages-failed`).
 * Lines go to `progress` as they happen when given, else before the summary.
 */
export async function migratePagesCommand(
  context: CommandContext,
  options: {
    variants: readonly string[];
    dryRun: boolean;
    check: boolean;
    env: Readonly<Record<string, string | undefined>>;
    progress?: (line: string) => void;
  },
): Promise<CommandResult> {
  if (options.dryRun && options.check) throw new AuthoringError('usage', 'choose --dry-run or --check, not both');
  const client = new StrapiClient(resolveStrapiTarget(options.env));
  const targets = await variantTargets(context.root, context.config, options.variants, !options.check);
  const compiled = await compilePackage(context);
  if (!compiled.ok) return { ...compiled.error, summary: `${compiled.error.summary}: no page read` };
  const schema = pagesSchemaOf(compiled.value);
  const notes: string[] = [];
  const progress = options.progress ?? ((line: string) => notes.push(line));
  const mode = options.check ? 'check' : options.dryRun ? 'dry-run' : 'run';
  const report = await migratePages({
    client,
    schema,
    collections: pageCollectionsOf(schema),
    targets,
    mode,
    progress,
  });
  const extra = { dryRun: options.dryRun, check: options.check, ...report };
  const published = report.remaining.filter((instance) => instance.status === 'published');

  if (mode === 'check') {
    if (report.remaining.length > 0) {
      throw new AuthoringError(
        'pages-need-migration',
        `${counted(report.remaining)} still at an older major: ${named(report.remaining.map((instance) => `${pageLabel(instance)}, ${instance.status}: ${instanceLabel(instance)}`))}; run migrate-pages${published.length > 0 ? ', then publish the upgraded drafts' : ''}`,
      );
    }
    return {
      ok: true,
      diagnostics: [],
      summary: 'migrate-pages --check: no stored instance needs a migration',
      written: [],
      notes,
      extra,
    };
  }
  if (report.failures.length > 0) {
    const done =
      report.upgraded.length === 0
        ? ''
        : `; ${options.dryRun ? 'would upgrade' : 'upgraded'} ${counted(report.upgraded)}`;
    throw new AuthoringError(
      'migrate-pages-failed',
      `${plural(new Set(report.failures.map((failure) => `${failure.documentId}\u0000${failure.locale}`)).size, 'page')} left untouched: ${named(report.failures.map((failure) => `${pageLabel(failure)}: ${instanceLabel(failure)}: ${failure.code}: ${failure.message}`))}${done}${options.dryRun ? '; nothing written' : '; a re-run upgrades only what is left'}`,
    );
  }
  const behind =
    published.length > 0
      ? `; ${plural(published.length, 'published instance')} still at an older major: publish the upgraded drafts`
      : '';
  const summary = options.dryRun
    ? `migrate-pages --dry-run: ${report.upgraded.length === 0 ? 'nothing to upgrade' : `would upgrade ${counted(report.upgraded)}`}; nothing written${behind}`
    : report.upgraded.length === 0
      ? `migrate-pages: up to date: no stored instance needs a migration${behind}`
      : `migrate-pages: upgraded ${counted(report.upgraded)}, one new revision each page${behind}`;
  return { ok: true, diagnostics: [], summary, written: [], notes, extra };
}
