import type { StrapiServer } from './strapi-server.js';

/** Where the calls go: a StrapiServer, or any Strapi whose URL and API token the test knows (npm run start:strapi). */
export type StrapiEndpoint = Pick<StrapiServer, 'url' | 'apiToken'>;

// Small HTTP calls the Strapi tests share: any call with its status and body, a file in the media
// library, a document to relate to. They send the server's full-access API token unless told
// otherwise; uploadFile and createDocument throw on any status but Strapi's success.

/** What Strapi answered: the status and the JSON body (undefined when empty, as a 204's). */
export interface StrapiAnswer<T> {
  readonly status: number;
  readonly body: T;
}

/**
 * `method path` on the server with a JSON body, as the API token (or `token`: the admin's JWT for
 * the admin API). `path` starts with `/` and carries its query.
 */
export async function callStrapi<T = unknown>(
  server: StrapiEndpoint,
  method: string,
  path: string,
  body?: unknown,
  token: string = server.apiToken,
): Promise<StrapiAnswer<T>> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

/** A file in the media library, as a media attribute takes it (`id`) and reads it back (`url`). */
export interface UploadedFile {
  readonly id: number;
  readonly url: string;
}

async function jsonOf(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** Uploads `bytes` as file `name` (`POST /api/upload`, multipart field `files`). */
export async function uploadFile(
  server: StrapiEndpoint,
  name: string,
  bytes: Uint8Array,
  mime: string,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: mime }), name);
  const response = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiToken}` },
    body: form,
  });
  const [file] = (await jsonOf(response, `POST /api/upload ${name}`)) as { id: number; url: string }[];
  if (!file) throw new Error(`POST /api/upload ${name} answered no file`);
  return { id: file.id, url: file.url };
}

/** Creates a document of `/api/<pluralName>` (`POST`, published when the type has draft & publish). */
export async function createDocument(
  server: StrapiEndpoint,
  pluralName: string,
  data: Record<string, unknown>,
): Promise<{ documentId: string }> {
  const { status, body } = await callStrapi<{ data?: { documentId: string } }>(server, 'POST', `/api/${pluralName}`, {
    data,
  });
  if (status !== 201 || !body.data)
    throw new Error(`POST /api/${pluralName} answered ${status}: ${JSON.stringify(body)}`);
  return { documentId: body.data.documentId };
}

/** A 1×1 PNG, for uploads. */
export function onePixelPng(): Uint8Array {
  return Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
    (char) => char.charCodeAt(0),
  );
}
