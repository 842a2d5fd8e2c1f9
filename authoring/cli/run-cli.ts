import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { AuthoringError } from '../authoring-error.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import { loadAuthoringConfig } from '../config/load-authoring-config.js';
import { resolveStagingRegistry } from '../config/registry-url.js';
import { nodeOutputFileSystem, type OutputFileSystem } from '../generate/output-file-system.js';
import type { CliIo } from './cli-io.js';
import type { CommandContext } from './command-context.js';
import type { CommandResult } from './command-result.js';
import { generateCommand } from './commands/generate-command.js';
import { generateEditorSchemasCommand } from './commands/generate-editor-schemas-command.js';
import { generateSchemasCommand } from './commands/generate-schemas-command.js';
import { generateTypesCommand } from './commands/generate-types-command.js';
import { lockComponentsCommand } from './commands/lock-components-command.js';
import { registryGlobalCommand } from './commands/registry-global-command.js';
import { registryStrapiCommand } from './commands/registry-strapi-command.js';
import { renameComponentCommand } from './commands/rename-component-command.js';
import { scaffoldCommand } from './commands/scaffold-command.js';
import { syncDepsCommand } from './commands/sync-deps-command.js';
import { validateCommand } from './commands/validate-command.js';
import { type OutputFormat, reportError, reportResult } from './report.js';

/** Options of runCli beyond the I/O: the file system to write through (tests inject failures), the environment. */
export interface RunCliOptions {
  readonly fs?: OutputFileSystem;
  /**
   * The environment (default: process.env, read here and nowhere deeper): sync:deps, publish,
   * release and promote read their settings from it; npm runs with it.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

interface PackageOptions {
  root?: string;
  config?: string;
  format: OutputFormat;
  check?: boolean;
  cms?: string;
  language?: 'ts' | 'js';
  types?: string;
  registries?: string;
  cache?: string;
  packages?: string;
  editorSchemas?: string;
  builder?: string;
}

type OutputFlag = 'cms' | 'language' | 'types' | 'registries' | 'cache' | 'packages' | 'editorSchemas' | 'builder';

const flagHelp: Record<OutputFlag, [string, string]> = {
  cms: ['--cms <dir>', 'Strapi application root (overrides the config file)'],
  language: [
    '--language <language>',
    'language of controllers, routes and services: ts or js (default: ts if <cms>/tsconfig.json exists)',
  ],
  types: ['--types <dir>', 'folder of the generated TypeScript interfaces'],
  registries: ['--registries <dir>', 'folder of the registries'],
  editorSchemas: [
    '--editor-schemas <dir>',
    'folder of the editor schema loader map (default: generated/editor-schemas)',
  ],
  cache: ['--cache <dir>', 'folder of the compiled schema cache'],
  packages: ['--packages <dir>', 'folder of the variant packages, <packages>/ui-<variant>/ (default: packages)'],
  builder: ['--builder <dir>', 'the builder project, a folder with package.json (default: builder)'],
};

/** The version of the authoring package: its package.json, found from this file in source and in dist/. */
function version(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    const file = new URL('package.json', dir);
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (manifest.name === '@runtime-component-catalog/authoring') return manifest.version;
    }
    if (dir.pathname === '/') throw new Error('The package.json of @runtime-component-catalog/authoring is missing');
  }
}

/**
 * Runs the catalog-schema CLI with `args` (without node and the script) and returns the exit
 * code: 0 ok, 1 the package or the work failed, 2 the command line is wrong (README "Exit codes").
 */
export async function runCli(args: readonly string[], io: CliIo, options: RunCliOptions = {}): Promise<number> {
  let exitCode = 0;
  const env = options.env ?? process.env;
  // Known before parsing, so that even a usage error commander finds is reported as JSON.
  const jsonRequested = args.some(
    (arg, index) => arg === '--format=json' || (arg === '--format' && args[index + 1] === 'json'),
  );
  let format: OutputFormat = 'text';
  let usageMessage = '';
  const program = new Command('catalog-schema')
    .description(
      'Validate a schema package and generate its Strapi 5 schemas, types and registries; build its variant packages (spec 4.4).',
    )
    .version(version(), '-v, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Commander's error messages (unknown option, missing argument, …): held for the reporter
      // when JSON was asked for, so stdout carries one JSON object and nothing else.
      outputError: (text, write) => {
        if (jsonRequested) usageMessage += text;
        else write(text);
      },
    })
    .showSuggestionAfterError()
    .helpCommand(false)
    .addHelpText(
      'after',
      '\nExit codes: 0 ok, 1 the package, its config or the work failed (validation, --check, writing, the staging registry, npm install), 2 the command line is wrong (usage, --root, --config, an unknown --component, --old or build variant, a builder project without package.json).',
    );

  const define = (
    name: string,
    description: string,
    flags: readonly OutputFlag[],
    check: boolean,
    run: (context: CommandContext, options: Record<string, unknown>) => Promise<CommandResult>,
  ): Command => {
    const command = program.command(name).description(description);
    command
      .option('--root <dir>', 'schema package root (default: the current folder)')
      .option('--config <file>', 'config file (default: <root>/catalog-schema.config.json)')
      .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'));
    if (check) command.option('--check', 'write nothing; exit 1 when an output is out of date (for CI)');
    for (const flag of flags) {
      const [spec, help] = flagHelp[flag];
      command.addOption(flag === 'language' ? new Option(spec, help).choices(['ts', 'js']) : new Option(spec, help));
    }
    // Commander passes the operands first and the command last.
    command.action(async (...actionArgs: unknown[]) => {
      const self = actionArgs[actionArgs.length - 1] as Command;
      const commandOptions = { ...self.opts(), operands: self.processedArgs } as PackageOptions &
        Record<string, unknown>;
      format = commandOptions.format;
      const root = resolve(io.cwd, commandOptions.root ?? '.');
      if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
        throw new AuthoringError('package-root-missing', `the schema package root ${root} is not a folder`);
      }
      const overrides: Partial<Record<OutputFlag, string>> = {};
      for (const flag of flags) {
        const value = commandOptions[flag];
        if (typeof value === 'string') overrides[flag] = flag === 'language' ? value : resolve(io.cwd, value);
      }
      const configPath = commandOptions.config === undefined ? undefined : resolve(io.cwd, commandOptions.config);
      const config = await loadAuthoringConfig(root, configPath, overrides as Partial<AuthoringConfig>);
      const result = await run({ root, config, fs: options.fs ?? nodeOutputFileSystem }, commandOptions);
      reportResult(io, format, name, result);
      exitCode = result.ok ? 0 : 1;
    });
    return command;
  };

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
    (context, flags) => generateCommand(context, { check: flags.check === true }),
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
    'Validate, then write the Strapi registry (<registries>/strapi.json).',
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
        variants: ((flags.operands as unknown[])[0] as string[] | undefined) ?? [],
        dryRun: flags.dryRun === true,
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
  )
    .option('--staging', 'required: resolve the "staging" dist-tag (the only source for now)')
    .option('--registry <url>', 'the staging registry (overrides CATALOG_STAGING_REGISTRY and "stagingRegistry")')
    .option('--dry-run', 'ask the registry and report what would change; write nothing, install nothing')
    // Checked before the root and the config are read: the command line is at fault first.
    .hook('preAction', (command) => {
      if (command.opts().staging !== true) {
        throw new AuthoringError(
          'usage',
          'sync:deps needs --staging: the staging registry\'s "staging" dist-tag is the only source it syncs from for now',
        );
      }
    });

  define(
    'publish',
    'Publish variants (spec 4.2, 9): build the module and the five artifacts, upload what changed, read each back through the origins, and only then revalidate on the host (HOST_APP_URL, HOST_REVALIDATION_SECRET).',
    ['packages'],
    false,
    // Loaded on use, like build (TypeScript, esbuild, and the S3 client when the store is S3).
    async (context, flags) => {
      const { publishCommand } = await import('./commands/publish-command.js');
      const { resolvePublishTargets } = await import('../publish/publish-settings.js');
      return publishCommand(context, {
        variants: ((flags.operands as unknown[])[0] as string[] | undefined) ?? [],
        targets: () => resolvePublishTargets(context.root, io.cwd, context.config.publish, env),
        dryRun: flags.dryRun === true,
        force: flags.force === true,
        progress: (event) => {
          if (format === 'text') io.stdout.write(`${event.text}\n`);
        },
      });
    },
  )
    .argument('<variant...>', 'variant names (the folder is ui-<variant>)')
    .option('--dry-run', 'print every action; write, upload and revalidate nothing')
    .option('--force', "upload and revalidate all five artifacts whatever the store's manifest says");

  // Releases (spec 9.5, docs/authoring-releases.md). Loaded on use: Changesets' libraries are CommonJS
  // with a dependency tree of their own.
  const variantOperands = (flags: Record<string, unknown>) =>
    ((flags.operands as unknown[])[0] as string[] | undefined) ?? [];
  const progressLine = (line: string) => {
    if (format === 'text') io.stdout.write(`${line}\n`);
  };
  define(
    'changeset:add',
    'Write a change set, .changeset/<id>.md: bump variant packages (patch, minor or major) with a summary for their changelogs (spec 9.5).',
    ['packages'],
    false,
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
    ['packages'],
    false,
    async (context, flags) =>
      (await import('./commands/release-version-command.js')).changesetVersionCommand(context, {
        dryRun: flags.dryRun === true,
      }),
  ).option('--dry-run', 'print the new versions and the files; write nothing');
  define(
    'release',
    'Publish every variant package whose version the staging registry lacks, with dist-tag "staging"; a re-run skips what is there (spec 9.5; CATALOG_STAGING_TOKEN).',
    ['packages'],
    false,
    async (context, flags) => {
      const { resolveRegistryTarget } = await import('../release/release-registries.js');
      return (await import('./commands/release-staging-command.js')).releaseStagingCommand(context, {
        variants: variantOperands(flags),
        registry: () =>
          resolveRegistryTarget(
            'staging',
            {
              flag: { name: '--registry', value: typeof flags.registry === 'string' ? flags.registry : undefined },
              fromConfig: context.config.stagingRegistry,
              needsToken: flags.dryRun !== true,
            },
            env,
          ),
        dryRun: flags.dryRun === true,
        env,
        progress: progressLine,
      });
    },
  )
    .argument('[variant...]', 'variant names (the folder is ui-<variant>); default: every variant package')
    .option('--staging', 'required: publish to the staging registry (production gets versions through promote)')
    .option('--registry <url>', 'the staging registry (overrides CATALOG_STAGING_REGISTRY and "stagingRegistry")')
    .option('--dry-run', 'ask the registry and pack; publish nothing')
    // Checked before the root and the config are read: the command line is at fault first.
    .hook('preAction', (command) => {
      if (command.opts().staging !== true) {
        throw new AuthoringError(
          'usage',
          'release needs --staging: releases go to the staging registry, and production gets them through promote',
        );
      }
    });
  define(
    'promote',
    'Publish the exact tarball of <package>@<version> from the staging registry to the production registry with dist-tag "latest", integrity compared on both (spec 9.5; CATALOG_PRODUCTION_TOKEN).',
    [],
    false,
    async (context, flags) => {
      const { resolveRegistryTarget } = await import('../release/release-registries.js');
      const flag = (name: string, key: string) => ({
        name,
        value: typeof flags[key] === 'string' ? (flags[key] as string) : undefined,
      });
      return (await import('./commands/release-promote-command.js')).promoteCommand(context, {
        specs: variantOperands(flags),
        registries: () => ({
          staging: resolveRegistryTarget(
            'staging',
            {
              flag: flag('--staging-registry', 'stagingRegistry'),
              fromConfig: context.config.stagingRegistry,
              needsToken: false,
            },
            env,
          ),
          production: resolveRegistryTarget(
            'production',
            {
              flag: flag('--production-registry', 'productionRegistry'),
              fromConfig: context.config.productionRegistry,
              needsToken: flags.dryRun !== true,
            },
            env,
          ),
        }),
        dryRun: flags.dryRun === true,
        env,
        progress: progressLine,
      });
    },
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

  const commandNames = program.commands.map((command) => command.name());
  const commandName = args.find((arg) => commandNames.includes(arg)) ?? '';
  try {
    await program.parseAsync([...args], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return 0;
      if (jsonRequested) reportError(io, 'json', commandName, 'usage', (usageMessage || error.message).trim());
      return 2;
    }
    if (error instanceof AuthoringError) {
      reportError(io, jsonRequested ? 'json' : format, commandName, error.code, error.message);
      return error.exitCode;
    }
    reportError(
      io,
      jsonRequested ? 'json' : format,
      commandName,
      'internal',
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
    return 1;
  }
}
