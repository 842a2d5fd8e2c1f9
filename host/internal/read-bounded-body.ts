/**
 * How many bytes response bodies may still have: one body's limit (an artifact, the catalog), or
 * one budget shared by every body of a module graph (docs/design.md: 5 MiB of source a graph).
 */
export class ByteBudget {
  readonly #limit: number;
  #used = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The bound, in bytes. */
  get limit(): number {
    return this.#limit;
  }

  /** Bytes still allowed. */
  get left(): number {
    return this.#limit - this.#used;
  }

  /** Counts `bytes`; false once the budget is exceeded (and from then on). */
  take(bytes: number): boolean {
    this.#used += bytes;
    return this.#used <= this.#limit;
  }
}

/** A body over its {@link ByteBudget}: the caller answers it as its own failure (a 502 for the host's reads). */
export class BodyOverLimit extends Error {
  override readonly name = 'BodyOverLimit';
  /** The budget's bound, in bytes. */
  readonly limit: number;

  constructor(limit: number) {
    super(`body over the limit of ${limit} bytes`);
    this.limit = limit;
  }
}

/**
 * The whole body of `response`, counted against `budget` as it arrives: a declared
 * `content-length` over what is left fails before any byte is read, and the stream is cancelled
 * as soon as the budget is exceeded ({@link BodyOverLimit}); nothing over the bound is ever held.
 * A stream that fails (network, time-out) rejects with its own error, for the caller to map.
 */
export async function readBoundedBody(response: Response, budget: ByteBudget): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > budget.left) {
    await response.body?.cancel();
    throw new BodyOverLimit(budget.limit);
  }
  if (response.body === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (!budget.take(chunk.byteLength)) {
      await response.body.cancel().catch(() => {});
      throw new BodyOverLimit(budget.limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
