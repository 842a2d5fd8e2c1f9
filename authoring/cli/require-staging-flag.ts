import type { Command } from 'commander';
import { AuthoringError } from '../authoring-error.js';

/**
 * Adds `--staging` to `command` as a required flag (sync:deps, release): `help` is its help line,
 * `why` the usage error's message when it is left out. Checked before the root and the config are
 * read: the command line is at fault first.
 */
export function requireStagingFlag(command: Command, help: string, why: string): Command {
  return command.option('--staging', help).hook('preAction', (self) => {
    if (self.opts().staging !== true) throw new AuthoringError('usage', why);
  });
}
