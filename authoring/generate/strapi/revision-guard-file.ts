import type { CompiledCollection } from '../../model/compiled-schema.js';
import { pageFields } from '../../model/page-collections.js';
import { stringLiteral } from '../code-text.js';
import { generatedBanner } from '../generated-banner.js';
import type { CodeLanguage } from './core-api-files.js';

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

/** The page a row stands for, in messages: its page id, else its documentId. */
function nameOf(row) {
  const id = page.idField === null ? undefined : row[page.idField];
  return id ? \`\${page.label} "\${id}"\` : \`\${page.label} \${row.documentId}\`;
}

function conflict(row, based) {
  const stored = revisionOf(row);
  const message = \`\${nameOf(row)} was saved elsewhere (revision \${stored}); this change was based on revision \${based}\`;
  return refusal('revision-conflict', message, stored);
}

/** Rows at revision \`based\` (0 takes null too). */
function atRevision(based) {
  return based === 0 ? { $or: [{ revision: 0 }, { revision: null }] } : { revision: based };
}

function revisionGuard(strapi) {
  const rows = () => strapi.db.query(page.uid);
  const selected = page.idField === null ? ['documentId', 'revision'] : ['documentId', 'revision', page.idField];

  /** The locale an action reads or writes: its \`locale\`, else the default one (as Strapi does). */
  async function localeOf(params) {
    if (!page.localized) return undefined;
    return params.locale || strapi.plugin('i18n').service('locales').getDefaultLocale();
  }

  /** The draft rows of a document in \`locale\` ('*' or a list for a delete). */
  function draftsOf(documentId, locale) {
    return {
      documentId,
      ...(locale === undefined || locale === '*' ? {} : { locale: Array.isArray(locale) ? { $in: locale } : locale }),
      ...(page.draftAndPublish ? { publishedAt: null } : {}),
    };
  }

  /** Another document of the same page id in \`locale\` is a conflict with it. */
  async function refuseTakenId(data, locale, documentId) {
    const id = page.idField === null ? undefined : data[page.idField];
    if (id === undefined || id === null || id === '') return;
    const where = {
      [page.idField]: id,
      ...(page.localized ? { locale } : {}),
      ...(page.draftAndPublish ? { publishedAt: null } : {}),
      ...(documentId === undefined ? {} : { documentId: { $ne: documentId } }),
    };
    const taken = await rows().findOne({ where, select: selected });
    if (taken) throw conflict(taken, 0);
  }

  /** An update or a delete that does not say which revision it is based on. */
  async function revisionRequired(where, what) {
    const stored = await rows().findOne({ where, select: selected });
    const message = \`\${stored ? nameOf(stored) : page.label}: \${what} must state the revision it is based on\`;
    return refusal('revision-required', message, stored ? revisionOf(stored) : 0);
  }

  // create: revision 1 whatever the data says, unless the page id is taken in the locale.
  async function create(context, next) {
    const data = context.params.data ?? {};
    const locale = await localeOf(context.params);
    return strapi.db.transaction(async () => {
      await refuseTakenId(data, locale, undefined);
      context.params = { ...context.params, data: { ...data, revision: 1 } };
      return next();
    });
  }

  // update: the conditional bump of the draft row, then the update, in one transaction.
  async function update(context, next) {
    const { documentId } = context.params;
    const data = context.params.data ?? {};
    const based = data.revision;
    const drafts = draftsOf(documentId, await localeOf(context.params));
    if (!Number.isInteger(based)) throw await revisionRequired(drafts, 'an update (data.revision)');
    return strapi.db.transaction(async () => {
      const bumped = await rows().updateMany({ where: { ...drafts, ...atRevision(based) }, data: { revision: based + 1 } });
      let revision = based + 1;
      if (bumped.count === 0) {
        const stored = await rows().findOne({ where: drafts, select: selected });
        if (stored) throw conflict(stored, based);
        // No draft in this locale: Strapi answers that the document does not exist, or creates
        // the locale (the admin's new localization), a create like any other.
        const document = await rows().findOne({ where: { documentId }, select: ['id'] });
        if (!document) return next();
        await refuseTakenId(data, drafts.locale, documentId);
        revision = 1;
      }
      context.params = { ...context.params, data: { ...data, revision } };
      return next();
    });
  }

  // delete: with \`revision\` (REST's ?revision=N), every draft row deleted must be at it.
  async function remove(context, next) {
    const { revision: based, ...params } = context.params;
    context.params = params;
    if (based === undefined) return next();
    const drafts = draftsOf(params.documentId, await localeOf(params));
    if (!Number.isInteger(based)) throw await revisionRequired(drafts, 'a delete (?revision=N)');
    return strapi.db.transaction(async () => {
      // Takes the rows' locks where the database has them: no update slips in before the delete.
      await rows().updateMany({ where: { ...drafts, ...atRevision(based) }, data: { revision: based } });
      const stored = await rows().findMany({ where: drafts, select: selected });
      const changed = stored.find((row) => revisionOf(row) !== based);
      if (changed) throw conflict(changed, based);
      return next();
    });
  }

  return async function pageRevisionGuard(context, next) {
    if (context.uid !== page.uid) return next();
    switch (context.action) {
      case 'create':
        return create(context, next);
      case 'clone':
        context.params = { ...context.params, data: { ...context.params.data, revision: 1 } };
        return next();
      case 'update':
        return update(context, next);
      case 'delete':
        return remove(context, next);
      default:
        // publish, unpublish and discardDraft copy the revision with the rest of the version.
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
