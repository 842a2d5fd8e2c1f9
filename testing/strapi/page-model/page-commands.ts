import type fc from 'fast-check';
import { count } from './command-tally.js';
import type { ActorRead, Change, PageActors } from './page-actors.js';
import { type Actor, describeRow, type Locale, type PageName, type StoreActor, slotOf } from './page-vocabulary.js';
import type { PageRead, PageWorld, SlotVersions } from './page-world.js';
import { isStale, judgeWrites, type WriteAttempt, type WriteOutcome } from './write-judgement.js';

// The commands of the model-based test (fast-check's fc.commands, run by fc.asyncModelRun): each
// acts on the real Strapi, notes what it answered in the run's trail, observes the run's pages
// (which checks the state rules) and judges its writes. Preconditions read the model only.

/** A command of the model: the world is the model, the actors reach the real Strapi. */
export type PageCommand = fc.AsyncCommand<PageWorld, PageActors>;

function countWrite(world: PageWorld, before: SlotVersions, attempt: WriteAttempt): void {
  const stale = isStale(world, before, attempt);
  count(`write ${attempt.outcome.kind}${stale ? ' (stale read)' : ''}`);
}

function describeSeen(seen: ActorRead): string {
  if (seen === undefined) return 'absent';
  return 'row' in seen ? describeRow(seen.row) : `r${seen.revision} title=${JSON.stringify(seen.title)}`;
}

/** The actor reads the page in the locale; what it saw must be what Strapi lists right after. */
async function readPage(world: PageWorld, real: PageActors, actor: Actor, name: PageName, locale: Locale) {
  const seen = await real.read(world, actor, name, locale);
  const what = `${actor} reads ${slotOf(name, locale)}`;
  world.note(`${what} → ${describeSeen(seen)}`);
  await world.observe(real.server);
  count('read');
  const draft = world.draftOf(name, locale);
  const agrees =
    seen === undefined || draft === undefined
      ? seen === draft
      : 'row' in seen
        ? seen.row.documentId === draft.documentId &&
          seen.row.revision === draft.revision &&
          seen.row.content === draft.content
        : seen.revision === draft.revision && seen.title === draft.title;
  if (!agrees)
    throw world.violation('read-disagrees', `${what} saw ${describeSeen(seen)}, Strapi lists ${describeRow(draft)}`);
  return world.remember(actor, name, locale);
}

/** The actor's read of the slot; an actor that never read it reads it first (so few commands are skipped). */
async function readOrReuse(world: PageWorld, real: PageActors, actor: Actor, name: PageName, locale: Locale) {
  return world.readOf(actor, name, locale) ?? (await readPage(world, real, actor, name, locale));
}

/** An actor reads a page in a locale. */
export class ReadCommand implements PageCommand {
  constructor(
    readonly actor: Actor,
    readonly name: PageName,
    readonly locale: Locale,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: PageWorld, real: PageActors): Promise<void> {
    await readPage(world, real, this.actor, this.name, this.locale);
  }
  toString(): string {
    return `${this.actor} reads ${slotOf(this.name, this.locale)}`;
  }
}

/** An actor saves what it read with a change (a create or a localization when it read none). */
export class SaveCommand implements PageCommand {
  constructor(
    readonly actor: Actor,
    readonly name: PageName,
    readonly locale: Locale,
    readonly change: Change,
    readonly target: PageName,
  ) {}
  check(world: PageWorld): boolean {
    const read = world.readOf(this.actor, this.name, this.locale);
    if (read !== undefined && read.row === undefined) return this.change === 'title';
    return this.change !== 'slug' || this.target !== this.name;
  }
  async run(world: PageWorld, real: PageActors): Promise<void> {
    const read = await readOrReuse(world, real, this.actor, this.name, this.locale);
    // Of a page it did not find, an actor can only make one (a create, or a new locale).
    if (read.row === undefined && this.change !== 'title') return;
    const before = world.versions();
    // A rename to a page id another document holds is refused; to a free one, it retires the old id.
    const rename = this.change === 'slug';
    const taken = rename && world.draftOf(this.target, this.locale) !== undefined;
    const { outcome, into } = await real.write(world, this.actor, this.name, this.locale, this.change, this.target);
    world.note(`${this} on ${describeRow(read.row)} → ${outcome.said}`);
    await world.observe(real.server);
    const attempt: WriteAttempt = {
      actor: this.actor,
      name: this.name,
      locale: this.locale,
      read,
      expected: taken ? 'refuse' : 'accept-if-current',
      outcome,
      ...(into === undefined ? {} : { into }),
      ...(rename ? { renamedTo: this.target } : {}),
    };
    countWrite(world, before, attempt);
    judgeWrites(world, before, [attempt]);
  }
  toString(): string {
    const what = this.change === 'slug' ? `slug := ${this.target}` : this.change;
    return `${this.actor} saves ${slotOf(this.name, this.locale)} (${what})`;
  }
}

/** Two actors save the same page in a locale at once, each based on its own read. */
export class RaceCommand implements PageCommand {
  constructor(
    readonly first: Actor,
    readonly second: Actor,
    readonly name: PageName,
    readonly locale: Locale,
  ) {}
  check(): boolean {
    return this.first !== this.second;
  }
  async run(world: PageWorld, real: PageActors): Promise<void> {
    const racers = [this.first, this.second];
    const reads: PageRead[] = [];
    for (const actor of racers) reads.push(await readOrReuse(world, real, actor, this.name, this.locale));
    if (reads.some((read) => read.row === undefined)) return;
    const before = world.versions();
    const outcomes = await Promise.all(
      racers.map((actor) => real.write(world, actor, this.name, this.locale, 'title', this.name)),
    );
    world.note(`${this} → ${outcomes.map(({ outcome }) => outcome.said).join(' | ')}`);
    await world.observe(real.server);
    const attempts = racers.map((actor, index): WriteAttempt => {
      const read = reads[index];
      const outcome = outcomes[index]?.outcome;
      if (read === undefined || outcome === undefined) throw new Error(`${this}: no read`);
      return { actor, name: this.name, locale: this.locale, read, expected: 'accept-if-current', outcome };
    });
    for (const attempt of attempts) countWrite(world, before, attempt);
    judgeWrites(world, before, attempts);
  }
  toString(): string {
    return `${this.first} and ${this.second} save ${slotOf(this.name, this.locale)} at once`;
  }
}

/** A store deletes the page in its locale at the revision it read (guarded by `?revision=`). */
export class StoreDeleteCommand implements PageCommand {
  constructor(
    readonly actor: StoreActor,
    readonly name: PageName,
    readonly locale: Locale,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: PageWorld, real: PageActors): Promise<void> {
    const read = await readOrReuse(world, real, this.actor, this.name, this.locale);
    if (read.row === undefined) return;
    const before = world.versions();
    const answered = await real.storeDelete(world, this.actor, this.name, this.locale);
    world.note(`${this} on ${describeRow(read.row)} → ${answered.said}`);
    await world.observe(real.server);
    // The store takes a 404 as "already deleted": a delete that removed nothing was not accepted.
    const slot = slotOf(this.name, this.locale);
    const removed = world.versions().get(slot) !== before.get(slot);
    const outcome: WriteOutcome =
      answered.kind === 'accepted' && !removed ? { kind: 'refused', said: 'nothing to delete' } : answered;
    const attempt: WriteAttempt = {
      actor: this.actor,
      name: this.name,
      locale: this.locale,
      read,
      expected: 'accept-if-current',
      outcome,
    };
    countWrite(world, before, attempt);
    judgeWrites(world, before, [attempt]);
    // The store took the page as deleted (a 404 included) and forgot its read, as the harness did:
    // its next save of the page is a create, based on the absence it now knows of.
    if (answered.kind === 'accepted') world.remember(this.actor, this.name, this.locale);
  }
  toString(): string {
    return `${this.actor} deletes ${slotOf(this.name, this.locale)}`;
  }
}
