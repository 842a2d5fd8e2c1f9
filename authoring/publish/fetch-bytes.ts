import { BodyTooLargeError, readBoundedBody } from '../read-bounded-body.js';

/** Every HTTP request of publish gives up after this long. */
export const requestTimeoutMs = 10_000;

/** The largest body publish reads back (an artifact, the module, the catalog, a host answer). */
export const maxBodyBytes = 16 * 1024 * 1024;

/** An HTTP answer read whole: its status and at most `maxBodyBytes` of its body. */
export interface FetchedBytes {
  readonly status: number;
  readonly bytes: Uint8Array;
}

/**
 * `fetch` with a time-out, `cache-control: no-cache`, no redirect followed silently (a redirect is an answer
 * like any other: verify must read the URL the host reads) and the body read up to `maxBodyBytes`
 * (more is an error). Network failures and time-outs reject with the cause in the message.
 */
export async function fetchBytes(url: string, init: RequestInit = {}): Promise<FetchedBytes> {
  let response: Response;
  try {
    const headers = new Headers(init.headers);
    // Ask any cache on the way (a CDN, a proxy) for the origin's current bytes.
    headers.set('cache-control', 'no-cache');
    response = await fetch(url, {
      ...init,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${requestTimeoutMs / 1000} s`
        : (cause?.message ?? (error as Error).message);
    throw new Error(`cannot reach ${url}: ${reason}`, { cause: error });
  }
  try {
    return { status: response.status, bytes: await readBoundedBody(response, maxBodyBytes) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Error(`${url} answered more than ${maxBodyBytes} bytes`);
    throw new Error(`${url} stopped answering: ${(error as Error).message}`, { cause: error });
  }
}
