import { count } from './command-tally.js';
import { outcomeOf, type PageActors } from './page-actors.js';
import type { PageCommand } from './page-commands.js';
import { type Locale, type PageName, slotOf } from './page-vocabulary.js';
import type { PageWorld } from './page-world.js';
import { refusedChangedNothing } from './write-judgement.js';

const contentManager = '/content-manager/collection-types/api::page.page';

/** What the admin does to a document in the content manager. */
export type AdminAction = 'publish' | 'unpublish' | 'discard' | 'delete' | 'clone';

/**
 * The admin acts on the document that holds the page id in the locale: publish (bulkPublish),
 * unpublish, discard the draft, delete the document (every locale), or clone it in the locale
 * (`{}`, or the slug of `target`): a clone must not take a page id in use.
 */
export class AdminCommand implements PageCommand {
  constructor(
    readonly action: AdminAction,
    readonly name: PageName,
    readonly locale: Locale,
    readonly target: PageName | undefined,
  ) {}
  check(world: PageWorld): boolean {
    const needs = this.action === 'unpublish' || this.action === 'discard' ? world.publishedOf : world.draftOf;
    return needs.call(world, this.name, this.locale) !== undefined;
  }
  async run(world: PageWorld, real: PageActors): Promise<void> {
    const before = world.versions();
    const document = world.draftOf(this.name, this.locale) ?? world.publishedOf(this.name, this.locale);
    if (document === undefined) throw new Error(`${this}: no document`);
    // A clone takes its source's page id (`{}`) or the target's: in use when it has a draft.
    const inUse = world.draftOf(this.target ?? this.name, this.locale) !== undefined;
    const { documentId } = document;
    const { locale } = this;
    const answer = await {
      publish: () => real.admin('POST', `${contentManager}/actions/bulkPublish`, { documentIds: [documentId], locale }),
      unpublish: () =>
        real.admin('POST', `${contentManager}/${documentId}/actions/unpublish?locale=${locale}`, { locale }),
      discard: () => real.admin('POST', `${contentManager}/${documentId}/actions/discard?locale=${locale}`, { locale }),
      delete: () => real.admin('DELETE', `${contentManager}/${documentId}?locale=*`),
      clone: () => {
        // The content manager takes the locale from the body; `{}` clones the default locale.
        const slug = this.target === undefined ? {} : { slug: world.slugOf(this.target) };
        return real.admin('POST', `${contentManager}/clone/${documentId}?locale=${locale}`, {
          ...(locale === 'en' ? {} : { locale }),
          ...slug,
        });
      },
    }[this.action]();
    const outcome = outcomeOf(answer, 400);
    world.note(`${this} (${documentId}) → ${outcome.said}`);
    await world.observe(real.server);
    count(`${this.action} ${outcome.kind}`);
    if (outcome.kind === 'failed' || (this.action !== 'clone' && outcome.kind !== 'accepted')) {
      throw world.violation('unexpected-answer', `${this}: ${outcome.said}`);
    }
    if (this.action !== 'clone') return;
    if (outcome.kind === 'accepted' && inUse) {
      throw world.violation('taken-slug-accepted', `${this} took a page id in use and was accepted (${outcome.said})`);
    }
    if (outcome.kind === 'refused') {
      if (!inUse)
        throw world.violation('current-write-refused', `${this} to a free page id was refused: ${outcome.said}`);
      refusedChangedNothing(world, before, "the admin's clone");
    }
  }
  toString(): string {
    const onto = this.action === 'clone' ? (this.target === undefined ? ' with {}' : ` as ${this.target}`) : '';
    const verb = {
      publish: 'publishes',
      unpublish: 'unpublishes',
      discard: 'discards',
      delete: 'deletes the document of',
      clone: 'clones',
    }[this.action];
    return `admin ${verb} ${slotOf(this.name, this.locale)}${onto}`;
  }
}
