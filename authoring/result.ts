/** A step that worked: what it made. */
export interface Success<T> {
  readonly ok: true;
  readonly value: T;
}

/** A step that failed: a typed failure with a stable `code` (a Diagnostic, a list of them, or an AuthoringError). */
export interface Failure<E> {
  readonly ok: false;
  readonly error: E;
}

/**
 * The one shape of every authoring function that returns success or failure instead of throwing:
 * callers tell them apart by `ok`, never by which keys an object happens to have, and a failure's
 * code is always the typed error's own `code`, never read from a message.
 */
export type Result<T, E> = Success<T> | Failure<E>;

/** A success holding `value`. */
export function success<T>(value: T): Success<T> {
  return { ok: true, value };
}

/** A failure holding `error`. */
export function failure<E>(error: E): Failure<E> {
  return { ok: false, error };
}
