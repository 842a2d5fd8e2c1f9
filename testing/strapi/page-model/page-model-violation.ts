/** What the model found wrong: a stable code per broken rule of docs/strapi-pages.md's revision guard. */
export type ViolationCode =
  /** Two draft documents hold one page id (slug) in a locale. */
  | 'duplicate-slug'
  /** A document's draft revision in a locale was seen lower than before (a deleted locale re-created too). */
  | 'revision-decreased'
  /** A revision number of a document in a locale was seen naming two different draft contents. */
  | 'revision-reused'
  /** A write based on a read that is no longer the latest content was accepted (a lost update). */
  | 'stale-write-accepted'
  /** Two concurrent writes based on the same read were both accepted. */
  | 'both-writes-accepted'
  /** A write based on the latest content was refused. */
  | 'current-write-refused'
  /** A write or a clone that takes a page id another document holds in the locale was accepted. */
  | 'taken-slug-accepted'
  /** A refused write (or action) changed a page anyway. */
  | 'refused-write-changed'
  /** Strapi answered what no rule explains: a 5xx, a validation error, a refusal without the guard's code. */
  | 'unexpected-answer'
  /** An actor's read, or a write's answer, disagrees with what Strapi lists right after. */
  | 'read-disagrees';

/** A broken rule, with what happened in the run up to it (the trail) in its message. */
export class PageModelViolation extends Error {
  override readonly name = 'PageModelViolation';
  readonly code: ViolationCode;

  constructor(code: ViolationCode, message: string) {
    super(`${code}: ${message}`);
    this.code = code;
  }
}
