// Part of the revision guard's generated code (revision-guard-file.ts): the revision floor of a
// page id in a locale. A page id (the slug) can stop naming a row, by a delete or by a rename, and
// name a new one later (a re-create, a clone, another rename). The new row's revision starts above
// every revision the page id was ever given in that locale, so a client holding a read of the old
// row (its editing session, its journal on the device) can never have its save accepted by the new
// one. The floors live in Strapi's core store (one key per collection, locale and page id, hashed
// to fit the key column), written in the transaction of the action that retires the name.

/** `floorOf(locale, id)` and `raiseFloor(locale, id, revision)`, inside `revisionGuard(strapi)`. */
export const revisionFloorsCode = `
  const floors = strapi.store({ type: 'api', name: page.uid.replace(/^api::/, '') });

  /** The core-store key of a page id in a locale: the id hashed, so any id fits the key column. */
  function floorKey(locale, id) {
    return \`revision-floor:\${locale ?? ''}:\${createHash('sha256').update(String(id)).digest('hex')}\`;
  }

  /** The highest revision \`id\` was ever given in \`locale\` by a row it no longer names (0: none). */
  async function floorOf(locale, id) {
    if (id === undefined) return 0;
    const floor = await floors.get({ key: floorKey(locale, id) });
    return typeof floor === 'number' && Number.isFinite(floor) ? floor : 0;
  }

  /** Remembers that \`id\` was given \`revision\` in \`locale\` by a row it no longer names. */
  async function raiseFloor(locale, id, revision) {
    if (id === undefined || (await floorOf(locale, id)) >= revision) return;
    await floors.set({ key: floorKey(locale, id), value: revision });
  }

  /** Gives a row that \`id\` now names in \`locale\` a revision above the id's floor, when it has one. */
  async function liftAboveFloor(row) {
    const floor = await floorOf(row.locale, pageIdOf(row));
    if (floor < revisionOf(row)) return revisionOf(row);
    await rows().updateMany({ where: { id: row.id }, data: { revision: floor + 1 } });
    return floor + 1;
  }
`;
