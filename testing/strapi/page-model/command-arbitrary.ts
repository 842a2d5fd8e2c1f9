import fc from 'fast-check';
import { type AdminAction, AdminCommand } from './admin-command.js';
import type { Change } from './page-actors.js';
import { type PageCommand, RaceCommand, ReadCommand, SaveCommand, StoreDeleteCommand } from './page-commands.js';
import { actors, locales, type PageName, storeActors } from './page-vocabulary.js';

/** The kinds of command, each of which a run can leave out (PAGE_MODEL_WITHOUT, to look at one rule at a time). */
export const commandKinds = [
  'read',
  'title',
  'summary',
  'save-and-publish',
  'slug',
  'race',
  'store-delete',
  'publish',
  'unpublish',
  'discard',
  'delete',
  'clone',
] as const;
/** A kind of command. */
export type CommandKind = (typeof commandKinds)[number];

/** The kinds named in a comma-separated list (`clone,slug`); an unknown name is refused. */
export function commandKindsOf(list: string | undefined): ReadonlySet<CommandKind> {
  const names = (list ?? '').split(',').filter((entry) => entry !== '');
  for (const entry of names) {
    if (!(commandKinds as readonly string[]).includes(entry))
      throw new Error(`unknown command kind ${entry}: ${commandKinds.join(', ')}`);
  }
  return new Set(names as CommandKind[]);
}

// Mostly `a` (in both locales from the start), so that actors meet on it; `b` and `c` for page ids
// to take and free ones.
const name = fc.constantFrom<PageName>('a', 'a', 'a', 'a', 'b', 'c');
const locale = fc.constantFrom(...locales);
const changes: Record<Change, CommandKind> = {
  title: 'title',
  summary: 'summary',
  publish: 'save-and-publish',
  slug: 'slug',
};

/** Every kind of command but `without`, weighted: reads and saves most, the admin's actions now and then. */
function commandArbitrary(without: ReadonlySet<CommandKind>): fc.Arbitrary<PageCommand> {
  const kept = (kind: CommandKind) => !without.has(kind);
  const restChanges = (Object.keys(changes) as Change[]).filter((change) => kept(changes[change]));
  const adminActions = (['publish', 'publish', 'unpublish', 'discard', 'discard', 'delete'] as const).filter(kept);
  const weighted: (fc.WeightedArbitrary<PageCommand> | false)[] = [
    kept('read') && {
      weight: 4,
      arbitrary: fc.tuple(fc.constantFrom(...actors), name, locale).map((args) => new ReadCommand(...args)),
    },
    kept('title') && {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...storeActors), name, locale)
        .map(([actor, page, where]) => new SaveCommand(actor, page, where, 'title', page)),
    },
    restChanges.length > 0 && {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom('rest', 'admin' as const), name, locale, fc.constantFrom(...restChanges), name)
        .map((args) => new SaveCommand(...args)),
    },
    kept('race') && {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...actors), fc.constantFrom(...actors), name, locale)
        .map((args) => new RaceCommand(...args)),
    },
    kept('store-delete') && {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...storeActors), name, locale).map((args) => new StoreDeleteCommand(...args)),
    },
    adminActions.length > 0 && {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom<AdminAction>(...adminActions), name, locale)
        .map(([action, page, where]) => new AdminCommand(action, page, where, undefined)),
    },
    kept('clone') && {
      weight: 1,
      arbitrary: fc
        .tuple(name, locale, fc.option(name, { nil: undefined }))
        .map((args) => new AdminCommand('clone', ...args)),
    },
  ];
  return fc.oneof(...weighted.filter((entry) => entry !== false));
}

/** What a check draws: sequences of at most `maxCommands` commands of every kind but `without`. */
export interface CommandOptions {
  readonly maxCommands: number;
  readonly without?: ReadonlySet<CommandKind>;
  /** The `replayPath` of a printed counterexample: with its seed and path, replays it exactly. */
  readonly replayPath?: string;
}

/** Sequences of commands. */
export function pageCommands(options: CommandOptions): fc.Arbitrary<Iterable<PageCommand>> {
  const { maxCommands, without = new Set(), replayPath } = options;
  return fc.commands([commandArbitrary(without)], {
    maxCommands,
    size: 'max',
    ...(replayPath === undefined ? {} : { replayPath }),
  });
}
