/** A response body larger than the reader's limit (the rest was not read). */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
  }
}

/**
 * The whole body of `response`, at most `maxBytes` of it: a `content-length` above the limit is
 * refused before reading, and a body that grows past it is cancelled (`BodyTooLargeError`).
 * Every HTTP read of the CLI (registries, origins, the host) goes through here. Other failures
 * (a connection cut mid-body) reject as fetch reports them.
 */
export async function readBoundedBody(response: Response, maxBytes: number): Promise<Buffer> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new BodyTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}
