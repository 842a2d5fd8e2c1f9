import type { Command } from 'commander';
import { resolveStagingRegistry } from '../config/registry-url.js';
import type { CliRun } from './cli-run.js';
import { progressLine, variantOperands } from './cli-run.js';
import { generateCommand, strapiStoredFieldProbe } from './commands/generate-command.js';
import { generateEditorSchemasCommand } from './commands/generate-editor-schemas-command.js';
import { generateSchemasCommand } from './commands/generate-schemas-command.js';
import { generateTypesCommand } from './commands/generate-types-command.js';
import { lockComponentsCommand } from './commands/lock-components-command.js';
import { registryGlobalCommand } from './commands/registry-global-command.js';
import { registryStrapiCommand } from './commands/registry-strapi-command.js';
import { renameComponentCommand } from './commands/rename-component-command.js';
import { renameFieldCommand } from './commands/rename-field-command.js';
import { scaffoldCommand } from './commands/scaffold-command.js';
import { syncDepsCommand } from './commands/sync-deps-command.js';
import { validateCommand } from './commands/validate-command.js';
import { type CommandDefinition, defineCommand } from './define-command.js';
import { requireStagingFlag } from './require-staging-flag.js';

/**
 * The commands of a schema package (spec 4.4): validate, the generators, lock and rename, build,
 * scaffold, sync:deps and publish, in the order `--help` lists them.
 */
export function definePackageCommands(program: Command, run: CliRun): void {
  const define = (
    name: string,
    description: string,
    flags: CommandDefinition['flags'],
    check: boolean,
    command: CommandDefinition['run'],
  ) => defineCommand(program, run, { name, description, flags, check, run: command });
  const { env } = run;

  define(
    'validate',
    'Validate the source JSON only (the three layers of spec 4.4); writes nothing.',
    [],
    false,
    (context) => validateCommand(context),
  );
  define(
    'generate',
    'Validate, then write every output: compiled schema cache, Strapi schemas and APIs, types, registries.',
    ['cms', 'language', 'types', 'registries', 'cache'],
    true,
    (context, flags) =>
      generateCommand(
        context,
        { check: flags.check === true, contract: flags.contract === true },
        strapiStoredFieldProbe(context, env),
      ),
  ).option(
    '--contract',
    'remove deprecated Strapi attributes, only when migrate-pages --check finds no stored instance that holds them',
  );
  define(
    'lock:components',
    'Sync src/source/component-ids.lock.json from the component files.',
    [],
    true,
    (context, flags) => lockComponentsCommand(context, { check: flags.check === true }),
  );
  define(
    'rename:component',
    'Rename a component id, every reference to it and its lock entry, all or nothing.',
    [],
    false,
    (context, flags) => renameComponentCommand(context, { oldId: String(flags.old), newId: String(flags.new) }),
  )
    .requiredOption('--old <id>', 'the current component id (category.name)')
    .requiredOption('--new <id>', 'the new component id (category.name)');
  define(
    'rename:field',
    "Rename a component's field in the sources, all or nothing; generate then writes the Strapi database migration that moves its stored values.",
    [],
    false,
    (context, flags) =>
      renameFieldCommand(context, {
        componentId: String(flags.component),
        oldName: String(flags.old),
        newName: String(flags.new),
        dryRun: flags.dryRun === true,
      }),
  )
    .requiredOption('--component <id>', 'the component id (category.name)')
    .requiredOption('--old <field>', 'the current field name')
    .requiredOption('--new <field>', 'the new field name')
    .option('--dry-run', 'report the changes; write nothing');
  define(
    'generate:types',
    'Write TypeScript interfaces and the category list from the compiled schema cache that generate writes.',
    ['types', 'cache'],
    true,
    (context, flags) => generateTypesCommand(context, { check: flags.check === true }),
  );
  define(
    'generate:schemas',
    'Validate, then write the CMS-ready Strapi schemas, APIs and the compiled schema cache.',
    ['cms', 'language', 'cache'],
    true,
    (context, flags) => generateSchemasCommand(context, { check: flags.check === true }),
  );
  define(
    'registry:strapi',
    'Validate, then write the Strapi registry and schema (<registries>/strapi.json, strapi-schema.json).',
    ['registries'],
    true,
    (context, flags) => registryStrapiCommand(context, { check: flags.check === true }),
  );
  define(
    'registry:global',
    'Validate, then write the global registry (<registries>/global.json), or one variant of it.',
    ['registries'],
    true,
    (context, flags) =>
      registryGlobalCommand(context, {
        check: flags.check === true,
        component: typeof flags.component === 'string' ? flags.component : undefined,
      }),
  ).option('--component <variant>', 'only this variant (id, category:name or variant name)');
  define(
    'generate:editor-schemas',
    'Check the editor schemas (src/editor-schemas/<category>/<variant>.json), then write their loader map (spec 4.4 step 11).',
    ['editorSchemas', 'cache'],
    true,
    (context, flags) =>
      generateEditorSchemasCommand(context, { check: flags.check === true, dryRun: flags.dryRun === true }),
  ).option('--dry-run', 'check and report; write nothing');
  define(
    'build',
    'Build variant packages (<packages>/ui-<variant>/) into dist/: ESM, CJS and the esm.sh shape, with "use client" for client components (spec 4.4 step 7).',
    ['packages'],
    false,
    // Loaded on use: TypeScript and esbuild are most of the CLI's start-up time and memory.
    async (context, flags) =>
      (await import('./commands/build-command.js')).buildCommand(context, {
        variants: variantOperands(flags),
        dryRun: flags.dryRun === true,
        env,
        cwd: run.io.cwd,
      }),
  )
    .argument('[variant...]', 'variant names (the folder is ui-<variant>); default: every variant package')
    .option('--dry-run', 'build in memory and report; write nothing');
  define(
    'scaffold',
    'Create the next variant <category><n> of a category: component source, lock entry, editor schema and variant package (spec 4.4 step 6), all or nothing.',
    ['types', 'registries', 'packages'],
    false,
    (context, flags) =>
      scaffoldCommand(context, {
        category: String(flags.category),
        title: typeof flags.title === 'string' ? flags.title : undefined,
        variant: typeof flags.variant === 'string' ? flags.variant : undefined,
        dryRun: flags.dryRun === true,
      }),
  )
    .requiredOption('--category <key>', 'a category generate:types listed (<types>/categories.json)')
    .option('--title <title>', 'the component title (default: the category in title case and the number)')
    .option('--variant <name>', 'claim exactly this variant, <category><n> (default: the next free number)')
    .option('--dry-run', 'report the variant and its files; write nothing');
  requireStagingFlag(
    define(
      'sync:deps',
      'Pin the builder project\'s dependencies valued "staging" to the exact version of the staging registry\'s "staging" dist-tag, then npm install there (spec 4.4 step 10).',
      ['builder'],
      false,
      (context, flags) =>
        syncDepsCommand(context, {
          registry: resolveStagingRegistry(
            typeof flags.registry === 'string' ? flags.registry : undefined,
            env,
            context.config.stagingRegistry,
          ),
          dryRun: flags.dryRun === true,
          env,
        }),
    ),
    'required: resolve the "staging" dist-tag (the only source for now)',
    'sync:deps needs --staging: the staging registry\'s "staging" dist-tag is the only source it syncs from for now',
  )
    .option('--registry <url>', 'the staging registry (overrides CATALOG_STAGING_REGISTRY and "stagingRegistry")')
    .option('--dry-run', 'ask the registry and report what would change; write nothing, install nothing');
  define(
    'publish',
    'Publish variants (spec 4.2, 9): build the module and the five artifacts, upload what changed, read each back through the origins, and only then revalidate on the host (HOST_APP_URL, HOST_REVALIDATION_SECRET).',
    ['packages'],
    false,
    // Loaded on use, like build (TypeScript, esbuild, and the S3 client when the store is S3).
    async (context, flags) => {
      const { publishCommand } = await import('./commands/publish-command.js');
      const { resolvePublishTargets } = await import('../publish/publish-settings.js');
      const progress = progressLine(run);
      return publishCommand(context, {
        variants: variantOperands(flags),
        targets: () => resolvePublishTargets(context.root, run.io.cwd, context.config.publish, env),
        dryRun: flags.dryRun === true,
        force: flags.force === true,
        progress: (event) => progress(event.text),
      });
    },
  )
    .argument('<variant...>', 'variant names (the folder is ui-<variant>)')
    .option('--dry-run', 'print every action; write, upload and revalidate nothing')
    .option('--force', "upload and revalidate all five artifacts whatever the store's manifest says");
  define(
    'diff',
    "Print the changes of a variant's props schema and Strapi attributes since its last published version, each with the bump it needs.",
    ['packages'],
    false,
    async (context, flags) =>
      (await import('./commands/diff-command.js')).diffCommand(context, {
        variant: String((flags.operands as unknown[])[0]),
        env,
        cwd: run.io.cwd,
      }),
  )
    .argument('<variant>', 'the variant name (the folder is ui-<variant>)')
    .option('--json', 'the same as --format json');
  define(
    'migrate-pages',
    "Upgrade every instance stored in Strapi (STRAPI_URL, STRAPI_TOKEN) of an older major through the variants' migrations: one new revision a page, through the revision guard.",
    ['packages'],
    false,
    async (context, flags) =>
      (await import('./commands/migrate-pages-command.js')).migratePagesCommand(context, {
        variants: variantOperands(flags),
        dryRun: flags.dryRun === true,
        check: flags.check === true,
        env,
        progress: progressLine(run),
      }),
  )
    .argument('[variant...]', 'variant names; default: every variant package')
    .option('--dry-run', 'print what would change; write nothing')
    .option('--check', 'exit 1 while any stored instance needs a migration; write nothing');
  define(
    'rollback',
    'Point the catalog at an earlier published version of a variant again (its artifacts read back first), then revalidate the host.',
    ['packages'],
    false,
    async (context, flags) =>
      (await import('./commands/rollback-command.js')).rollbackCommand(context, {
        variant: String((flags.operands as unknown[])[0]),
        to: String(flags.to),
        dryRun: flags.dryRun === true,
        env,
        cwd: run.io.cwd,
        progress: progressLine(run),
      }),
  )
    .argument('<variant>', 'the variant name (the folder is ui-<variant>)')
    .requiredOption('--to <version>', 'a version of the variant published before')
    .option('--dry-run', 'print what would change; write nothing');
}
