import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { AuthoringError } from '../authoring-error.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import { loadAuthoringConfig } from '../config/load-authoring-config.js';
import type { CommandContext } from '../pipeline/command-context.js';
import type { CommandResult } from '../pipeline/command-result.js';
import type { CliRun } from './cli-run.js';
import { type OutputFormat, reportResult } from './report.js';

interface PackageOptions {
  root?: string;
  config?: string;
  format: OutputFormat;
}

/** The flags that override a config key (README "Configuration"). */
export type OutputFlag =
  | 'cms'
  | 'language'
  | 'types'
  | 'registries'
  | 'cache'
  | 'packages'
  | 'editorSchemas'
  | 'builder';

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

/** What a command definition gives: its name, help, config flags, `--check`, and what it runs. */
export interface CommandDefinition {
  readonly name: string;
  readonly description: string;
  readonly flags: readonly OutputFlag[];
  readonly check: boolean;
  readonly run: (context: CommandContext, options: Record<string, unknown>) => Promise<CommandResult>;
}

/**
 * Adds a package command to `program`: the options every command has (`--root`, `--config`,
 * `--format`), `--check` and the config flags it takes; its action resolves the root and the
 * config once, runs the command and reports its result (exit code 0 or 1 in `run.exitCode`).
 */
export function defineCommand(program: Command, run: CliRun, definition: CommandDefinition): Command {
  const { name, flags } = definition;
  const { io } = run;
  const command = program.command(name).description(definition.description);
  command
    .option('--root <dir>', 'schema package root (default: the current folder)')
    .option('--config <file>', 'config file (default: <root>/catalog-schema.config.json)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'));
  if (definition.check) command.option('--check', 'write nothing; exit 1 when an output is out of date (for CI)');
  for (const flag of flags) {
    const [spec, help] = flagHelp[flag];
    command.addOption(flag === 'language' ? new Option(spec, help).choices(['ts', 'js']) : new Option(spec, help));
  }
  // Commander passes the operands first and the command last.
  command.action(async (...actionArgs: unknown[]) => {
    const self = actionArgs[actionArgs.length - 1] as Command;
    const commandOptions = { ...self.opts(), operands: self.processedArgs } as PackageOptions & Record<string, unknown>;
    run.format = commandOptions.json === true ? 'json' : commandOptions.format;
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
    const result = await definition.run({ root, config, fs: run.fs }, commandOptions);
    reportResult(io, run.format, name, result);
    run.exitCode = result.ok ? 0 : 1;
  });
  return command;
}
