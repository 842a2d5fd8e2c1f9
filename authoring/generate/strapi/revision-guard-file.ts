import type { CompiledCollection } from '../../model/compiled-schema.js';
import { pageFields } from '../../model/page-collections.js';
import { stringLiteral } from '../code-text.js';
import { generatedBanner } from '../generated-banner.js';
import type { CodeLanguage } from './code-language.js';
import { revisionFloorsCode } from './revision-floors-code.js';
import { sharedAttributesCode } from './shared-attributes-code.js';

// `src/api/<id>/index.{js,ts}` of a page collection: Strapi calls its `register` (the API's module,
// loaders/apis.js), which adds the revision guard to the Document Service, so that REST, the
// admin's content manager and scripts all pass it (docs/strapi-pages.md, "The revision guard").
// The code is the same in both languages (Strapi compiles TypeScript apps with `strict: false`);
// only the collection's constants, the import and the export differ.

/** The guard, after the `page` constants (`revision` is model/page-collections.ts's revisionField). */
const guardBody = `
/** A refusal: an ApplicationError whose details say why (\`code\`) and the stored revision. */
function refusal(code, message, revision) {
  return new errors.ApplicationError(message, { code, revision });
}

/** A stored row's revision (a row written before the guard existed may hold null: revision 0). */
function revisionOf(row) {
  return row.revision ?? 0;
}

/** The page id a row or an action's data names (undefined: none, or the collection has none). */
function pageIdOf(record) {
  const id = page.idField === null ? undefined : record[page.idField];
  return id === null || id === '' ? undefined : id;
}

/** The page a row stands for, in messages: its page id, else its documentId. */
function nameOf(row) {
  const id = pageIdOf(row);
  return id ? \`\${page.label} "\${id}"\` : \`\${page.label} \${row.documentId}\`;
}

function conflict(row, based) {
  const stored = revisionOf(row);
  const message = \`\${nameOf(row)} was saved elsewhere (revision \${stored}); this change was based on revision \${based}\`;
  return refusal('revision-conflict', message, stored);
}

/** A save based on a revision of a locale that was deleted (at revision \`floor\`) since. */
function deletedLocale(documentId, locale, floor, based) {
  const message = \`\${page.label} \${documentId} was deleted in \${locale} at revision \${floor}; this change was based on revision \${based}\`;
  return refusal('revision-conflict', message, 0);
}

/** Rows at revision \`based\` (0 takes null too). */
function atRevision(based) {
  return based === 0 ? { $or: [{ revision: 0 }, { revision: null }] } : { revision: based };
}

/** A \`where\` on the locale of an action: one code, a list, or '*' (or none) for every locale. */
function inLocale(locale) {
  if (locale === undefined || locale === '*') return {};
  return { locale: Array.isArray(locale) ? { $in: locale } : locale };
}

function revisionGuard(strapi) {
  const rows = () => strapi.db.query(page.uid);
  const selected = [
    'id',
    'documentId',
    'revision',
    ...(page.localized ? ['locale'] : []),
    ...(page.idField === null ? [] : [page.idField]),
  ];

  /** The locale an action reads or writes: its \`locale\`, else the default one (as Strapi does). */
  async function localeOf(params) {
    if (!page.localized) return undefined;
    return params.locale || strapi.plugin('i18n').service('locales').getDefaultLocale();
  }

  /** The draft rows of a document in \`locale\` (undefined or '*': every locale). */
  function draftsOf(documentId, locale) {
    return { documentId, ...inLocale(locale), ...(page.draftAndPublish ? { publishedAt: null } : {}) };
  }

  /** Another document's draft that \`id\` names in \`locale\`, if there is one. */
  function holderOf(id, locale, documentId) {
    if (id === undefined) return undefined;
    const where = {
      [page.idField]: id,
      ...(page.localized ? { locale } : {}),
      ...(page.draftAndPublish ? { publishedAt: null } : {}),
      ...(documentId === undefined ? {} : { documentId: { $ne: documentId } }),
    };
    return rows().findOne({ where, select: selected });
  }

  /** A create of a page id another document holds in \`locale\`: a conflict with that document. */
  async function refuseTakenId(data, locale) {
    const holder = await holderOf(pageIdOf(data), locale, undefined);
    if (holder) throw conflict(holder, 0);
  }

  /** An update or a clone that would give \`documentId\` a page id another document holds. */
  async function refuseTakenBy(documentId, data, locale) {
    const holder = await holderOf(pageIdOf(data), locale, documentId);
    if (!holder) return;
    const where = page.localized ? \` in \${locale}\` : '';
    const message = \`\${nameOf(holder)} already exists\${where}: a page id names one page (choose another \${page.idField})\`;
    throw refusal('page-id-taken', message, revisionOf(holder));
  }

  /** An update or a delete that does not say which revision it is based on. */
  async function revisionRequired(where, what) {
    const stored = await rows().findOne({ where, select: selected });
    const message = \`\${stored ? nameOf(stored) : page.label}: \${what} must state the revision it is based on\`;
    return refusal('revision-required', message, stored ? revisionOf(stored) : 0);
  }
${revisionFloorsCode}${sharedAttributesCode}
  // create: revision 1 whatever the data says, unless the page id is taken in the locale.
  async function create(context, next) {
    const data = context.params.data ?? {};
    const locale = await localeOf(context.params);
    return strapi.db.transaction(async () => {
      await refuseTakenId(data, locale);
      context.params = { ...context.params, data: { ...data, revision: 1 } };
      return next();
    });
  }

  // update: the conditional bump of the draft row, then the update, in one transaction; then the
  // other locales whose non-localized values the update changed move too.
  async function update(context, next) {
    const { documentId } = context.params;
    const data = context.params.data ?? {};
    const based = data.revision;
    const locale = await localeOf(context.params);
    const drafts = draftsOf(documentId, locale);
    if (!Number.isInteger(based)) throw await revisionRequired(drafts, 'an update (data.revision)');
    return strapi.db.transaction(async () => {
      const stored = await rows().findOne({ where: drafts, select: selected });
      const before = await otherLocales(documentId, locale);
      let revision = based + 1;
      if (stored) {
        const bumped = await rows().updateMany({ where: { ...drafts, ...atRevision(based) }, data: { revision } });
        if (bumped.count === 0) throw conflict((await rows().findOne({ where: drafts, select: selected })) ?? stored, based);
        const renamed = pageIdOf(data);
        if (renamed !== undefined && renamed !== pageIdOf(stored)) await refuseTakenBy(documentId, data, locale);
      } else {
        // No draft in this locale: Strapi answers that the document does not exist, or creates
        // the locale (the admin's new localization), above the revisions a deleted one had.
        const document = await rows().findOne({ where: { documentId }, select: ['id'] });
        if (!document) return next();
        // A save based on a revision of a locale deleted since is stale: it would undo the delete.
        const floor = await floorOf(documentId, locale);
        if (floor > 0 && based !== 0) throw deletedLocale(documentId, locale, floor, based);
        await refuseTakenBy(documentId, data, locale);
        revision = floor + 1;
      }
      context.params = { ...context.params, data: { ...data, revision } };
      const result = await next();
      await moveChangedLocales(documentId, locale, before);
      return result;
    });
  }

  // discardDraft: the draft takes the published content under a new revision, never the
  // published one's number again (a client holding the discarded draft's number or an older one
  // is refused); other locales whose non-localized values it changed move too.
  async function discard(context, next) {
    const { documentId } = context.params;
    const locale = await localeOf(context.params);
    return strapi.db.transaction(async () => {
      const discarded = await rows().findMany({ where: draftsOf(documentId, locale), select: selected });
      const before = await otherLocales(documentId, locale);
      const result = await next();
      for (const old of discarded) {
        const fresh = await rows().findOne({ where: draftsOf(documentId, old.locale), select: selected });
        if (!fresh) continue;
        await rows().updateMany({ where: { id: fresh.id }, data: { revision: revisionOf(old) + 1 } });
      }
      await moveChangedLocales(documentId, locale, before);
      return result;
    });
  }

  // clone: a new document at revision 1; refused when a cloned locale's page id is held by
  // another document, the source included.
  async function clone(context, next) {
    return strapi.db.transaction(async () => {
      context.params = { ...context.params, data: { ...context.params.data, revision: 1 } };
      const result = await next();
      if (!result?.documentId) return result;
      const cloned = await rows().findMany({ where: draftsOf(result.documentId, undefined), select: selected });
      for (const row of cloned) await refuseTakenBy(result.documentId, row, row.locale);
      return result;
    });
  }

  // delete: with \`revision\` (REST's ?revision=N), every draft row deleted must be at it. A
  // locale deleted keeps its revision as the floor of a locale created again; a document deleted
  // as a whole drops its floors.
  async function remove(context, next) {
    const { revision: based, ...params } = context.params;
    context.params = params;
    const locale = await localeOf(params);
    const drafts = draftsOf(params.documentId, locale);
    if (based !== undefined && !Number.isInteger(based)) throw await revisionRequired(drafts, 'a delete (?revision=N)');
    return strapi.db.transaction(async () => {
      if (based !== undefined) {
        // Takes the rows' locks where the database has them: no update slips in before the delete.
        await rows().updateMany({ where: { ...drafts, ...atRevision(based) }, data: { revision: based } });
        const stored = await rows().findMany({ where: drafts, select: selected });
        const changed = stored.find((row) => revisionOf(row) !== based);
        if (changed) throw conflict(changed, based);
      }
      const deleted = await rows().findMany({ where: drafts, select: selected });
      const result = await next();
      const left = await rows().findOne({ where: { documentId: params.documentId }, select: ['id'] });
      if (!left) await dropFloors(params.documentId);
      else for (const row of deleted) await raiseFloor(params.documentId, row.locale, revisionOf(row));
      return result;
    });
  }

  return async function pageRevisionGuard(context, next) {
    if (context.uid !== page.uid) return next();
    switch (context.action) {
      case 'create':
        return create(context, next);
      case 'update':
        return update(context, next);
      case 'discardDraft':
        return discard(context, next);
      case 'clone':
        return clone(context, next);
      case 'delete':
        return remove(context, next);
      default:
        // publish and unpublish copy or drop the published version: the draft, which the
        // revision names, does not change.
        return next();
    }
  };
}
`;

const registerBody = `{
  register({ strapi }) {
    strapi.documents.use(revisionGuard(strapi));
  },
}`;

/** The page constants the guard reads: uid, label, page id field, draft & publish, i18n. */
function pageConstants(collection: CompiledCollection): string {
  const { idField } = pageFields(collection);
  return [
    '// The page collection this revision guard keeps (docs/strapi-pages.md).',
    'const page = {',
    `  uid: ${stringLiteral(collection.uid)},`,
    `  label: ${stringLiteral(collection.displayName)},`,
    `  idField: ${idField === undefined ? 'null' : stringLiteral(idField)},`,
    `  draftAndPublish: ${collection.draftAndPublish === true},`,
    `  localized: ${collection.i18n === true},`,
    '};',
  ].join('\n');
}

/** `index.js` or `index.ts` of a page collection's API folder: registers its revision guard. */
export function revisionGuardFile(collection: CompiledCollection, language: CodeLanguage): string {
  const guard = `${pageConstants(collection)}\n${guardBody}`;
  return language === 'ts'
    ? `${generatedBanner}\nimport { errors } from '@strapi/utils';\n\n${guard}\nexport default ${registerBody};\n`
    : `${generatedBanner}\n'use strict';\n\nconst { errors } = require('@strapi/utils');\n\n${guard}\nmodule.exports = ${registerBody};\n`;
}
