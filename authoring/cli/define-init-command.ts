import { type Command, Option } from 'commander';
import type { CliRun } from './cli-run.js';
import { initCommand } from './commands/init-command.js';
import { type OutputFormat, reportResult } from './report.js';

/**
 * `init [dir]`: the one command that runs outside a schema package, so it has no `--root`,
 * `--config` or config flags (defineCommand's); it reports like every other command.
 */
export function defineInitCommand(program: Command, run: CliRun): void {
  const { io } = run;
  program
    .command('init')
    .description(
      'Write a new schema package into [dir]: one example component, a page collection, the validation schemas, the config, a builder project, .changeset/, a README and a package.json with every script; it validates, generates and scaffolds with no edit.',
    )
    .argument('[dir]', 'the folder of the new package, created when missing (default: the current folder)')
    .option('--name <name>', 'the npm name of the package (default: @<folder name>/catalog-schemas)')
    .option(
      '--scope <scope>',
      "the npm scope of the variant packages, <scope>/ui-<variant> (default: the name's scope)",
    )
    .option(
      '--cms-dir <dir>',
      'an existing Strapi app folder that generate writes into (default: cms/ inside the package)',
    )
    .option(
      '--force',
      'write into a folder that is not empty: the files it lacks are added, identical ones kept; a file that differs stops init (nothing is overwritten or deleted)',
    )
    .option('--dry-run', 'check everything and list the files; write nothing')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (dir: string | undefined, options: Record<string, unknown>) => {
      run.format = options.format as OutputFormat;
      const text = (key: string) => (typeof options[key] === 'string' ? (options[key] as string) : undefined);
      const result = await initCommand({
        cwd: io.cwd,
        dir,
        name: text('name'),
        scope: text('scope'),
        cmsDir: text('cmsDir'),
        force: options.force === true,
        dryRun: options.dryRun === true,
        fs: run.fs,
      });
      reportResult(io, run.format, 'init', result);
      run.exitCode = result.ok ? 0 : 1;
    });
}
