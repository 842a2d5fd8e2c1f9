import { type Command, Option } from 'commander';
import { type CliRun, progressLine, variantOperands } from './cli-run.js';
import { type CommandDefinition, defineCommand, type OutputFlag } from './define-command.js';
import { requireStagingFlag } from './require-staging-flag.js';

/**
 * The release commands (spec 9.5, docs/authoring-releases.md): changeset:add, changeset:version,
 * release --staging and promote. Loaded on use: Changesets' libraries are CommonJS with a
 * dependency tree of their own.
 */
export function defineReleaseCommands(program: Command, run: CliRun): void {
  const define = (
    name: string,
    description: string,
    command: CommandDefinition['run'],
    flags: readonly OutputFlag[] = ['packages'],
  ) => defineCommand(program, run, { name, description, flags, check: false, run: command });
  const { env } = run;
  const progress = progressLine(run);
  const flagValue = (flags: Record<string, unknown>, name: string, key: string) => ({
    name,
    value: typeof flags[key] === 'string' ? (flags[key] as string) : undefined,
  });

  define(
    'changeset:add',
    'Write a change set, .changeset/<id>.md: bump variant packages (patch, minor or major) with a summary for their changelogs (spec 9.5).',
    async (context, flags) =>
      (await import('./commands/release-changeset-command.js')).changesetAddCommand(context, {
        variants: variantOperands(flags),
        bump: flags.bump as 'patch' | 'minor' | 'major',
        summary: String(flags.summary),
        dryRun: flags.dryRun === true,
      }),
  )
    .argument('<variant...>', 'variant names (the folder is ui-<variant>)')
    .addOption(
      new Option('--bump <type>', 'the version bump').choices(['patch', 'minor', 'major']).makeOptionMandatory(),
    )
    .requiredOption('--summary <text>', 'the changelog entry (its first line is the bullet)')
    .option('--dry-run', 'print the change set; write nothing');
  define(
    'changeset:version',
    'Apply the change sets: new versions in the variant packages, entries in their CHANGELOG.md, the change sets consumed deleted; all or nothing (spec 9.5).',
    async (context, flags) =>
      (await import('./commands/release-version-command.js')).changesetVersionCommand(context, {
        dryRun: flags.dryRun === true,
        env,
        cwd: run.io.cwd,
      }),
  ).option('--dry-run', 'print the new versions and the files; write nothing');
  requireStagingFlag(
    define(
      'release',
      'Publish every variant package whose version the staging registry lacks, with dist-tag "staging"; a re-run skips what is there (spec 9.5; CATALOG_STAGING_TOKEN).',
      async (context, flags) => {
        const { resolveRegistryTarget } = await import('../release/release-registries.js');
        return (await import('./commands/release-staging-command.js')).releaseStagingCommand(context, {
          variants: variantOperands(flags),
          registry: () =>
            resolveRegistryTarget(
              'staging',
              {
                flag: flagValue(flags, '--registry', 'registry'),
                fromConfig: context.config.stagingRegistry,
                needsToken: flags.dryRun !== true,
              },
              env,
            ),
          dryRun: flags.dryRun === true,
          env,
          cwd: run.io.cwd,
          progress,
        });
      },
    ).argument('[variant...]', 'variant names (the folder is ui-<variant>); default: every variant package'),
    'required: publish to the staging registry (production gets versions through promote)',
    'release needs --staging: releases go to the staging registry, and production gets them through promote',
  )
    .option('--registry <url>', 'the staging registry (overrides CATALOG_STAGING_REGISTRY and "stagingRegistry")')
    .option('--dry-run', 'ask the registry and pack; publish nothing');
  define(
    'promote',
    'Publish the exact tarball of <package>@<version> from the staging registry to the production registry with dist-tag "latest", integrity compared on both (spec 9.5; CATALOG_PRODUCTION_TOKEN).',
    async (context, flags) => {
      const { resolveRegistryTarget } = await import('../release/release-registries.js');
      return (await import('./commands/release-promote-command.js')).promoteCommand(context, {
        specs: variantOperands(flags),
        registries: () => ({
          staging: resolveRegistryTarget(
            'staging',
            {
              flag: flagValue(flags, '--staging-registry', 'stagingRegistry'),
              fromConfig: context.config.stagingRegistry,
              needsToken: false,
            },
            env,
          ),
          production: resolveRegistryTarget(
            'production',
            {
              flag: flagValue(flags, '--production-registry', 'productionRegistry'),
              fromConfig: context.config.productionRegistry,
              needsToken: flags.dryRun !== true,
            },
            env,
          ),
        }),
        dryRun: flags.dryRun === true,
        env,
        progress,
      });
    },
    [],
  )
    .argument('<package@version...>', 'versions on the staging registry, such as @acme/ui-hero1@1.2.0')
    .option(
      '--staging-registry <url>',
      'the staging registry (overrides CATALOG_STAGING_REGISTRY and "stagingRegistry")',
    )
    .option(
      '--production-registry <url>',
      'the production registry (overrides CATALOG_PRODUCTION_REGISTRY and "productionRegistry")',
    )
    .option('--dry-run', 'check both registries and the tarballs; publish nothing');
}
