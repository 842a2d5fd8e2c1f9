// Part of the revision guard's generated code (revision-guard-file.ts): the revisions of the other
// locales of a document. Strapi's i18n plugin copies a change of a non-localized attribute into
// every other locale of the document (on create, update, discardDraft and publish, same status),
// without going through their guard. The guard takes a snapshot of the other locales' drafts
// before the action and compares it after: every locale whose non-localized values changed gets
// its revision moved by one, so a client based on that locale's old revision is refused.
// The comparison uses the i18n plugin's own populate and copy (the same ones it syncs with).

/** `otherLocales(documentId, locale)` and `moveChangedLocales(documentId, locale, before)`. */
export const sharedAttributesCode = `
  /** The other locales' drafts of a document: revision and non-localized values, by locale. */
  async function otherLocales(documentId, locale) {
    if (!page.localized || documentId === undefined || locale === '*') return new Map();
    const contentTypes = strapi.plugin('i18n').service('content-types');
    const model = strapi.getModel(page.uid);
    const found = await rows().findMany({
      where: { ...draftsOf(documentId, undefined), locale: Array.isArray(locale) ? { $notIn: locale } : { $ne: locale } },
      populate: contentTypes.getNestedPopulateOfNonLocalizedAttributes(page.uid),
    });
    return new Map(
      found.map((row) => [
        row.locale,
        { revision: revisionOf(row), shared: JSON.stringify(contentTypes.copyNonLocalizedAttributes(model, row)) },
      ]),
    );
  }

  /** Moves the revision of every locale in \`before\` whose non-localized values the action changed. */
  async function moveChangedLocales(documentId, locale, before) {
    if (before.size === 0) return;
    const after = await otherLocales(documentId, locale);
    for (const [other, was] of before) {
      const now = after.get(other);
      if (now === undefined || now.shared === was.shared) continue;
      // A conditional bump: when it changes nothing, a save of that locale moved it meanwhile.
      await rows().updateMany({
        where: { ...draftsOf(documentId, other), ...atRevision(was.revision) },
        data: { revision: was.revision + 1 },
      });
    }
  }
`;
