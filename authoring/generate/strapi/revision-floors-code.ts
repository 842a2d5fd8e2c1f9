// Part of the revision guard's generated code (revision-guard-file.ts): the revision floor of a
// document's locale. A locale of a document can be deleted and created again under the same
// documentId; the new draft starts above every revision the locale had, so a client holding a read
// of the deleted one can never have its save accepted by the new one. A document deleted as a
// whole never comes back (Strapi gives a create a new documentId), so its floors go with it.
// The floors live in Strapi's core store, one key per document and locale, written in the
// transaction of the delete.

/** `floorOf`, `raiseFloor` and `dropFloors`, inside `revisionGuard(strapi)`. */
export const revisionFloorsCode = `
  const floors = strapi.store({ type: 'api', name: page.uid.replace(/^api::/, '') });
  const floorPrefix = (documentId) => \`revision-floor:\${documentId}:\`;

  /** The highest revision a deleted draft of \`documentId\` had in \`locale\` (0: none). */
  async function floorOf(documentId, locale) {
    const floor = await floors.get({ key: floorPrefix(documentId) + (locale ?? '') });
    return typeof floor === 'number' && Number.isFinite(floor) ? floor : 0;
  }

  /** Remembers that a deleted draft of \`documentId\` in \`locale\` had \`revision\`. */
  async function raiseFloor(documentId, locale, revision) {
    if ((await floorOf(documentId, locale)) >= revision) return;
    await floors.set({ key: floorPrefix(documentId) + (locale ?? ''), value: revision });
  }

  /** Forgets the floors of a document deleted as a whole. */
  async function dropFloors(documentId) {
    const key = \`api_\${page.uid.replace(/^api::/, '')}_\${floorPrefix(documentId)}\`;
    await strapi.db.query('strapi::core-store').deleteMany({ where: { key: { $startsWith: key } } });
  }
`;
