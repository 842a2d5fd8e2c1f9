import fc from 'fast-check';
import { AdminCommand } from './admin-command.js';
import { type PageCommand, ReadCommand, SaveCommand, StoreDeleteCommand } from './page-commands.js';

// Sequences the model found (or was given) breaking the guard, run first in every check (fast-check's
// `examples`), whatever the seed: each one stays a regression test once fixed.

/** Commands as one sequence (printed like fast-check's own), as the property's arguments. */
function sequence(...commands: PageCommand[]): [Iterable<PageCommand>] {
  const iterable: Iterable<PageCommand> & fc.WithToStringMethod = {
    [Symbol.iterator]: () => commands[Symbol.iterator](),
    [fc.toStringMethod]: () => commands.map(String).join(','),
  };
  return [iterable];
}

/** The known sequences, as fast-check's `examples` take them. */
export const knownSequences: [Iterable<PageCommand>][] = [
  // Discard gave the draft back the published number: storeA saves at 2, rest reads 2, the draft is
  // discarded (1 again), storeA saves 2 again, rest's save on its 2 was taken (storeA's lost).
  sequence(
    new AdminCommand('publish', 'a', 'en', undefined),
    new SaveCommand('storeA', 'a', 'en', 'title', 'a'),
    new ReadCommand('rest', 'a', 'en'),
    new AdminCommand('discard', 'a', 'en', undefined),
    new ReadCommand('storeA', 'a', 'en'),
    new SaveCommand('storeA', 'a', 'en', 'title', 'a'),
    new SaveCommand('rest', 'a', 'en', 'title', 'a'),
  ),
  // A summary (not localized) saved in fr reached en without moving its revision: storeA's save of
  // en on its read was taken, over the new summary.
  sequence(
    new ReadCommand('storeA', 'a', 'en'),
    new SaveCommand('rest', 'a', 'fr', 'summary', 'a'),
    new SaveCommand('storeA', 'a', 'en', 'title', 'a'),
  ),
  // An update to another page's id, and the content manager's clone with `{}`, duplicated the id.
  sequence(new SaveCommand('rest', 'b', 'en', 'slug', 'a')),
  sequence(new AdminCommand('clone', 'a', 'en', undefined)),
  // A save based on a locale that was deleted since created the locale again (without its page id).
  sequence(
    new SaveCommand('admin', 'a', 'fr', 'title', 'a'),
    new StoreDeleteCommand('storeA', 'a', 'fr'),
    new SaveCommand('admin', 'a', 'fr', 'title', 'a'),
  ),
  // A store whose save met a deleted document looks the page id up again; its next save of the same
  // read went to the page created at that id since, at the same revision number, and was taken.
  sequence(
    new ReadCommand('storeA', 'a', 'en'),
    new AdminCommand('delete', 'a', 'en', undefined),
    new SaveCommand('rest', 'a', 'en', 'title', 'a'),
    new SaveCommand('storeA', 'a', 'en', 'title', 'a'),
    new SaveCommand('storeA', 'a', 'en', 'title', 'a'),
  ),
  // Not a defect of the guard but of the model: a create based on a page's absence, while the page
  // id was taken and renamed away in between, was judged stale. Absent is absent: it is accepted.
  sequence(
    new StoreDeleteCommand('storeA', 'a', 'en'),
    new SaveCommand('rest', 'a', 'en', 'title', 'a'),
    new SaveCommand('rest', 'a', 'en', 'slug', 'c'),
    new SaveCommand('storeA', 'a', 'en', 'title', 'a'),
  ),
];
