import { type Actor, describeRow, type Locale, type PageName, slotOf } from './page-vocabulary.js';
import type { PageRead, PageWorld, SlotVersions } from './page-world.js';

// The rules of a write based on a read (a save, a create, a localization, a guarded delete),
// judged after the command, against the slots' versions before it (docs/strapi-pages.md):
// - a write based on a read whose slot has changed since (stale) is refused; a write based on the
//   page's absence (a create, a new locale) is current while the slot is absent: a page created
//   and then deleted or renamed away in between is not overwritten by it (docs/strapi-pages.md);
// - a write based on the current version is accepted, unless it takes a page id another document
//   holds in the locale (a rename to a free one is accepted: the old id is retired);
// - of concurrent writes based on the same version, at most one is accepted;
// - a refusal is the guard's (a conflict, or the document is gone) and changes nothing.

/** What Strapi answered a write. */
export type WriteOutcome =
  | { readonly kind: 'accepted'; readonly revision: number | undefined; readonly said: string }
  /** The guard's refusal (a revision conflict), or a document that is gone (404). */
  | { readonly kind: 'refused'; readonly said: string }
  /** Any other answer: a validation error, a 5xx, an error without the guard's code. */
  | { readonly kind: 'failed'; readonly said: string };

/** A write an actor made, based on its read of the page in the locale. */
export interface WriteAttempt {
  readonly actor: Actor;
  readonly name: PageName;
  readonly locale: Locale;
  readonly read: PageRead;
  /** `refuse`: it takes a page id another document holds, refused however current the read. */
  readonly expected: 'accept-if-current' | 'refuse';
  /** A new locale goes into this document: accepted while it exists without a draft in the locale. */
  readonly into?: string;
  /** A rename: the page id the row has once the write is accepted. */
  readonly renamedTo?: PageName;
  readonly outcome: WriteOutcome;
}

/** Whether the write's read is out of date: its slot moved since, and it was not based on a still absent page. */
export function isStale(world: PageWorld, before: SlotVersions, attempt: WriteAttempt): boolean {
  const slot = slotOf(attempt.name, attempt.locale);
  const current = before.get(slot) ?? 0;
  const stillAbsent = attempt.read.row === undefined && world.stateAt(slot, current) === 'absent';
  return attempt.read.version !== current && !stillAbsent;
}

/** Checks the writes of one command (observed already); the accepted one's actor holds what it wrote. */
export function judgeWrites(world: PageWorld, before: SlotVersions, attempts: readonly WriteAttempt[]): void {
  const accepted = attempts.filter((attempt) => attempt.outcome.kind === 'accepted');
  for (const attempt of attempts) {
    const slot = slotOf(attempt.name, attempt.locale);
    const current = before.get(slot) ?? 0;
    const stale = isStale(world, before, attempt);
    const what = `${attempt.actor}'s write of ${slot} based on ${describeRow(attempt.read.row)}`;
    const { outcome } = attempt;
    if (outcome.kind === 'failed')
      throw world.violation('unexpected-answer', `${what}: Strapi answered ${outcome.said}`);
    if (outcome.kind === 'accepted' && stale) {
      throw world.violation(
        'stale-write-accepted',
        `${what} was accepted (${outcome.said}), but ${slot} had changed since that read, to ${world.stateAt(slot, current)}`,
      );
    }
    if (outcome.kind === 'accepted' && attempt.expected === 'refuse') {
      throw world.violation('taken-slug-accepted', `${what} took another page's id and was accepted (${outcome.said})`);
    }
    const raced = accepted.some((other) => other !== attempt && slotOf(other.name, other.locale) === slot);
    // A new locale needs its document, without a draft in the locale (under another page id, say).
    const { into } = attempt;
    const cannotTakeLocale = into !== undefined && (!world.hasDraft(into) || world.hasDraft(into, attempt.locale));
    if (
      outcome.kind === 'refused' &&
      !stale &&
      attempt.expected === 'accept-if-current' &&
      !raced &&
      !cannotTakeLocale
    ) {
      throw world.violation(
        'current-write-refused',
        `${what} is based on the current version, but was refused: ${outcome.said}`,
      );
    }
  }
  const slots = new Set(accepted.map((attempt) => slotOf(attempt.name, attempt.locale)));
  if (slots.size < accepted.length) {
    const said = accepted.map((attempt) => `${attempt.actor}: ${attempt.outcome.said}`).join('; ');
    throw world.violation(
      'both-writes-accepted',
      `concurrent writes based on the same read were all accepted (${said})`,
    );
  }
  if (accepted.length === 0)
    refusedChangedNothing(world, before, attempts.map((attempt) => attempt.actor).join(' and '));
  for (const attempt of accepted) {
    const lands = attempt.renamedTo ?? attempt.name;
    world.remember(attempt.actor, attempt.name, attempt.locale);
    const read = world.remember(attempt.actor, lands, attempt.locale);
    const { outcome } = attempt;
    if (outcome.kind === 'accepted' && outcome.revision !== undefined && read.row?.revision !== outcome.revision) {
      throw world.violation(
        'read-disagrees',
        `${attempt.actor}'s write of ${slotOf(lands, attempt.locale)} answered revision ${outcome.revision}, but the draft is ${describeRow(read.row)}`,
      );
    }
  }
}

/** A refused write or action changes no page. */
export function refusedChangedNothing(world: PageWorld, before: SlotVersions, who: string): void {
  const now = world.versions();
  const changed = [...now].filter(([slot, version]) => (before.get(slot) ?? 0) !== version);
  if (changed.length > 0) {
    const states = changed.map(([slot, version]) => `${slot} is now ${world.stateAt(slot, version)}`).join('; ');
    throw world.violation('refused-write-changed', `what ${who} did was refused, but ${states}`);
  }
}
