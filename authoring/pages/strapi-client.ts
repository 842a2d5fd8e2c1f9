import { AuthoringError } from '../authoring-error.js';
import { BodyTooLargeError, readBoundedBody } from '../read-bounded-body.js';
import { type StrapiTarget, strapiEnv } from './strapi-target.js';

/** Every request to Strapi gives up after this long (a 50-block page's update takes about 1 s on 2 cores). */
const requestTimeoutMs = 60_000;

/** The largest answer read: a page of 100 documents with every block populated. */
const maxBodyBytes = 64 * 1024 * 1024;

/** What Strapi answered: its status and its JSON body (undefined when empty). */
export interface StrapiAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** Strapi's error body, `{error: {status, name, message, details}}`. */
interface StrapiErrorBody {
  readonly error?: { readonly name?: string; readonly message?: string; readonly details?: { code?: string } };
}

/**
 * The REST calls migrate-pages makes, as the API token of `STRAPI_TOKEN`. The token goes only into
 * the `Authorization` header, never into a message; a network failure is `migrate-pages-failed`
 * naming the URL.
 */
export class StrapiClient {
  readonly #target: StrapiTarget;

  constructor(target: StrapiTarget) {
    this.#target = target;
  }

  /** `method {STRAPI_URL}{path}` with a JSON body; `path` starts with `/` and carries its query. */
  async request(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<StrapiAnswer> {
    const url = `${this.#target.url}${path}`;
    // Messages name the endpoint, not the populate query (pages of brackets).
    const where = `${this.#target.url}${path.split('?')[0]}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${this.#target.token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      throw new AuthoringError(
        'migrate-pages-failed',
        `${method} ${where}: Strapi unreachable (${cause?.message ?? (error as Error).message}); check ${strapiEnv.url}`,
        { cause: error },
      );
    }
    let text: string;
    try {
      text = (await readBoundedBody(response, maxBodyBytes)).toString('utf8');
    } catch (error) {
      const why = error instanceof BodyTooLargeError ? `more than ${maxBodyBytes} bytes` : (error as Error).message;
      throw new AuthoringError('migrate-pages-failed', `${method} ${where}: answer not read: ${why}`, { cause: error });
    }
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  }

  /** The answer's body when it is 2xx; else `migrate-pages-failed` with the status and Strapi's message. */
  ok(answer: StrapiAnswer, what: string): unknown {
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    throw new AuthoringError('migrate-pages-failed', `${what}: ${describeRefusal(answer)}`);
  }
}

/** Strapi's refusal as a message: the status, the error's name and message, and what to check for 401/403. */
export function describeRefusal(answer: StrapiAnswer): string {
  const error = (answer.body as StrapiErrorBody | undefined)?.error;
  const told = error?.message === undefined ? '' : `: ${error.name ?? 'Error'}: ${error.message}`;
  const hint =
    answer.status === 401 || answer.status === 403
      ? ` (check that ${strapiEnv.token} is an API token allowed to find and update the page collections)`
      : '';
  return `Strapi answered ${answer.status}${told}${hint}`;
}
