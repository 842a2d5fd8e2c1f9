import { Command } from 'commander';
import { nodeOutputFileSystem, type OutputFileSystem } from '../write/output-file-system.js';
import type { CliIo } from './cli-io.js';
import type { CliRun } from './cli-run.js';
import { cliVersion } from './cli-version.js';
import { defineInitCommand } from './define-init-command.js';
import { exitCodeOf } from './exit-code.js';
import { definePackageCommands } from './package-commands.js';
import { defineReleaseCommands } from './release-commands.js';

/** Options of runCli beyond the I/O: the file system to write through (tests inject failures), the environment. */
export interface RunCliOptions {
  /** The file operations outputs are written through (default: `node:fs/promises`; tests inject failures). */
  readonly fs?: OutputFileSystem;
  /**
   * The environment (default: process.env, read here and nowhere deeper): sync:deps, publish,
   * release and promote read their settings from it; npm runs with it.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Runs the catalog-schema CLI with `args` (without node and the script) and returns the exit
 * code: 0 ok, 1 the package or the work failed, 2 the command line is wrong (README "Exit codes").
 */
export async function runCli(args: readonly string[], io: CliIo, options: RunCliOptions = {}): Promise<number> {
  const run: CliRun = {
    io,
    env: options.env ?? process.env,
    fs: options.fs ?? nodeOutputFileSystem,
    format: 'text',
    exitCode: 0,
  };
  // Known before parsing, so that even a usage error commander finds is reported as JSON.
  const jsonRequested = args.some(
    (arg, index) => arg === '--format=json' || (arg === '--format' && args[index + 1] === 'json'),
  );
  let usageMessage = '';
  const program = new Command('catalog-schema')
    .description(
      'Validate a schema package and generate its Strapi 5 schemas, types and registries; build its variant packages (spec 4.4).',
    )
    .version(cliVersion(), '-v, --version')
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
      '\nExit codes: 0 ok, 1 the package, its config or the work failed (validation, --check, writing, the staging registry, npm install), 2 the command line is wrong (usage, --root, --config, an unknown --component, --old or build variant, a builder project without package.json, an init folder, name or --cms-dir that cannot be used).',
    );
  defineInitCommand(program, run);
  definePackageCommands(program, run);
  defineReleaseCommands(program, run);

  const commandNames = program.commands.map((command) => command.name());
  const command = args.find((arg) => commandNames.includes(arg)) ?? '';
  try {
    await program.parseAsync([...args], { from: 'user' });
    return run.exitCode;
  } catch (error) {
    return exitCodeOf(error, { io, command, jsonRequested, format: run.format, usageMessage });
  }
}
