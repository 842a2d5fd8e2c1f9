import { AuthoringError } from '../../authoring-error.js';
import { listVariants } from '../../model/variant-package.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { compilePackage } from '../../pipeline/compile-package.js';
import type { PublishEvent, PublishTargets } from '../../publish/publish-artifacts.js';
import { publishVariant, type VariantPublish } from '../../publish/publish-variant.js';
import { storeSource } from '../../versions/published-source.js';
import { gateVariant, type VariantGate } from '../../versions/version-gate.js';
import { validateCommand } from './validate-command.js';

/**
 * `publish <variant>...` (spec 4.2 and 9): validate the package (a variant that fails
 * validation is never published), then publish each variant in turn (publishVariant: module, SRI,
 * upload what changed, verify through the origins, then revalidate), printing each step as it
 * happens. The first failure stops the run with its error (exit 1); the variants before it are
 * published and a re-run resumes the failed one.
 */
export async function publishCommand(
  context: CommandContext,
  options: {
    readonly variants: readonly string[];
    readonly targets: () => Promise<PublishTargets>;
    readonly dryRun: boolean;
    readonly force: boolean;
    readonly progress: (event: PublishEvent) => void;
  },
): Promise<CommandResult> {
  const targets = await options.targets();
  const known = await listVariants(context.root, context.config.packages);
  const unknown = options.variants.filter((variant) => !known.includes(variant));
  if (unknown.length > 0) {
    throw new AuthoringError(
      'variant-unknown',
      `no variant package ${unknown.map((variant) => `"${variant}"`).join(', ')} in ${context.config.packages}/ (known: ${known.length > 0 ? known.join(', ') : 'none'})`,
    );
  }
  const validation = await validateCommand(context);
  if (!validation.ok) return { ...validation, summary: `${validation.summary}: nothing published` };
  const compiled = await compilePackage(context);
  if (!compiled.ok) return { ...compiled.error, summary: `${compiled.error.summary}: nothing published` };
  const variants = [...new Set(options.variants)];
  // The gate runs for every variant before anything is uploaded: a refusal writes nothing.
  const gates = new Map<string, VariantGate>();
  for (const variant of variants) {
    const gate = await gateVariant(context.root, context.config, compiled.value, storeSource(targets.artifacts), {
      variant,
      migrations: true,
    });
    gates.set(variant, gate);
    for (const trial of gate.migrations) {
      options.progress({
        step: 'publish',
        text: `migrations ${variant}: ${trial.from} -> ${gate.state.version} passed on data.json and ${trial.generated} generated props`,
      });
    }
  }
  const results: VariantPublish[] = [];
  for (const variant of variants) {
    // The version is recorded (versions.json, the gate's Strapi snapshot) before the host is revalidated.
    const result = await publishVariant(
      context.root,
      context.config,
      variant,
      targets,
      { dryRun: options.dryRun, force: options.force, progress: options.progress },
      gates.get(variant)?.state.attributes,
    );
    results.push(result);
  }
  const upToDate = results.filter((result) => result.upToDate).length;
  const published = results.length - upToDate;
  const summary = options.dryRun
    ? `publish --dry-run: ${published} to publish, ${upToDate} up to date; nothing written or revalidated`
    : published === 0
      ? `up to date: ${results.map((result) => result.variant).join(', ')}`
      : `published ${results
          .filter((result) => !result.upToDate)
          .map((result) => `${result.package}@${result.version}`)
          .join(', ')}${upToDate > 0 ? `; ${upToDate} up to date` : ''}`;
  return {
    ok: true,
    diagnostics: [],
    summary,
    written: results.flatMap((result) => result.uploaded),
    extra: { dryRun: options.dryRun, variants: results },
  };
}
