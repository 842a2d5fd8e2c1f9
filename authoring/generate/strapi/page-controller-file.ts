import type { CompiledCollection } from '../../model/compiled-schema.js';
import { stringLiteral } from '../code-text.js';
import { generatedBanner } from '../generated-banner.js';
import type { CodeLanguage } from './code-language.js';

// The core controller of a page collection, extended for its revision guard (src/api/<id>/index):
// REST answers the guard's conflicts with 409 (Strapi's `ctx.conflict`, the body of its error
// middleware), and `DELETE …?revision=N` hands N to the guard, which checks it in the delete's
// transaction. Same code in both languages (Strapi compiles TypeScript apps with `strict: false`).

const helpers = `
/** The guard's conflicts (a stale revision, a page id taken) as REST's 409 ConflictError; any other error as it is. */
function answerConflict(ctx, error) {
  const code = error instanceof errors.ApplicationError ? error.details?.code : undefined;
  if (code !== 'revision-conflict' && code !== 'page-id-taken') throw error;
  ctx.conflict(error.message, error.details);
}

/** \`?revision=N\` as the integer the guard checks; anything else reaches it as written (refused). */
function revisionOf(value) {
  return typeof value === 'string' && /^\\d+$/.test(value) ? Number(value) : value;
}
`;

/** The guarded writes of a collection type: create, update, delete (`:id` is the documentId). */
const collectionActions = `({ strapi }) => ({
  async create(ctx) {
    try {
      return await super.create(ctx);
    } catch (error) {
      return answerConflict(ctx, error);
    }
  },
  async update(ctx) {
    try {
      return await super.update(ctx);
    } catch (error) {
      return answerConflict(ctx, error);
    }
  },
  async delete(ctx) {
    const { revision, ...query } = ctx.query;
    if (revision === undefined) return super.delete(ctx);
    ctx.query = query;
    await this.validateQuery(ctx);
    const params = { ...(await this.sanitizeQuery(ctx)), revision: revisionOf(revision) };
    try {
      await strapi.service(uid).delete(ctx.params.id, params);
    } catch (error) {
      return answerConflict(ctx, error);
    }
    ctx.status = 204;
  },
})`;

/** The same for a single type: update creates or updates its one document, delete has no `:id`. */
const singleActions = `({ strapi }) => ({
  async update(ctx) {
    try {
      return await super.update(ctx);
    } catch (error) {
      return answerConflict(ctx, error);
    }
  },
  async delete(ctx) {
    const { revision, ...query } = ctx.query;
    if (revision === undefined) return super.delete(ctx);
    ctx.query = query;
    await this.validateQuery(ctx);
    const params = { ...(await this.sanitizeQuery(ctx)), revision: revisionOf(revision) };
    try {
      await strapi.service(uid).delete(params);
    } catch (error) {
      return answerConflict(ctx, error);
    }
    ctx.status = 204;
  },
})`;

/** `controllers/<id>.{js,ts}` of a page collection. */
export function pageControllerFile(collection: CompiledCollection, language: CodeLanguage): string {
  const actions = collection.kind === 'singleType' ? singleActions : collectionActions;
  const body = `const uid = ${stringLiteral(collection.uid)};\n${helpers}`;
  const controller = `factories.createCoreController(uid, ${actions})`;
  return language === 'ts'
    ? `${generatedBanner}\nimport { factories } from '@strapi/strapi';\nimport { errors } from '@strapi/utils';\n\n${body}\nexport default ${controller};\n`
    : `${generatedBanner}\n'use strict';\n\nconst { factories } = require('@strapi/strapi');\nconst { errors } = require('@strapi/utils');\n\n${body}\nmodule.exports = ${controller};\n`;
}
