import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ARTIFACT_NAMES, type ArtifactName, type CatalogPackage } from '../../contracts/index.js';

/** A republish that could not be done; nothing was revalidated. */
export class RepublishError extends Error {
  override readonly name = 'RepublishError';
  /** The HTTP status the publisher API answers with. */
  readonly status: 400 | 404 | 502;

  constructor(status: 400 | 404 | 502, message: string) {
    super(message);
    this.status = status;
  }
}

/** Where the playground publishes to. */
export interface PublishTarget {
  /** The folder the artifacts origin serves. */
  readonly artifactsDir: string;
  /** The artifacts origin's URL (to verify the upload). */
  readonly artifactsOrigin: string;
  /** The host's URL and its revalidation secret. */
  readonly hostUrl: string;
  readonly secret: string;
}

/** What a republish did. */
export interface RepublishResult {
  readonly packageId: string;
  readonly artifact: ArtifactName;
  /** The artifact as now published. */
  readonly content: Record<string, unknown>;
  /** The host's answer to the revalidation (spec 4.2). */
  readonly revalidation: Record<string, unknown>;
}

/**
 * Publishes a new version of one artifact of a package in the order of spec 4.2: writes it to
 * the object store (atomically: a temporary file renamed over the old one), reads it back from
 * the artifacts origin to verify it, then calls `POST /api/revalidate` with the secret; any
 * non-2xx answer fails with its text. Without `content`, the current artifact is republished
 * with a visible change ({@link stampRepublish}).
 */
export async function republishArtifact(
  target: PublishTarget,
  pkg: CatalogPackage,
  artifact: string,
  content?: unknown,
): Promise<RepublishResult> {
  if (!(ARTIFACT_NAMES as readonly string[]).includes(artifact)) {
    throw new RepublishError(400, `Unknown artifact: ${artifact} (one of ${ARTIFACT_NAMES.join(', ')})`);
  }
  const name = artifact as ArtifactName;
  const file = join(target.artifactsDir, `${pkg.package}@${pkg.version}`, name);
  let next: unknown = content;
  if (next === undefined) {
    const current = await readFile(file, 'utf8').catch(() => undefined);
    if (current === undefined) throw new RepublishError(404, `${pkg.id} has no ${name} to republish`);
    next = stampRepublish(name, JSON.parse(current));
  }
  if (typeof next !== 'object' || next === null || Array.isArray(next)) {
    throw new RepublishError(400, `${name} must be a JSON object`);
  }
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`);
  await rename(temporary, file);

  const url = `${target.artifactsOrigin}/${pkg.package}@${pkg.version}/${name}`;
  const published = await fetch(url).then((response) => (response.ok ? response.json() : undefined));
  if (!isDeepStrictEqual(published, next)) {
    throw new RepublishError(502, `The artifacts origin does not serve the new ${name} at ${url}; not revalidated`);
  }
  const response = await fetch(`${target.hostUrl}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-revalidation-secret': target.secret },
    body: JSON.stringify({ packageId: pkg.id, artifact: name }),
  });
  const text = await response.text();
  if (!response.ok) throw new RepublishError(502, `Revalidation failed: HTTP ${response.status} ${text}`);
  return {
    packageId: pkg.id,
    artifact: name,
    content: next as Record<string, unknown>,
    revalidation: JSON.parse(text),
  };
}

const STAMP = / \(republished (\d+)\)$/;
/** Props that hold display text, preferred for the visible change (an enum value would break). */
const TEXT_KEYS = ['title', 'heading', 'label', 'text'];

/**
 * The visible change of a republish without new content: data.json's title (else heading,
 * label, text, or its first text prop) gets
 * ` (republished N)` (N counting up), so new instances show it; the other artifacts get an
 * `x-republish` counter.
 */
export function stampRepublish(artifact: ArtifactName, value: Record<string, unknown>): Record<string, unknown> {
  const next = structuredClone(value);
  if (artifact === 'data.json') {
    const texts = Object.keys(next).filter((name) => typeof next[name] === 'string');
    const key = TEXT_KEYS.find((name) => texts.includes(name)) ?? texts[0];
    if (key !== undefined) {
      const text = next[key] as string;
      const count = Number(STAMP.exec(text)?.[1] ?? 0) + 1;
      next[key] = `${text.replace(STAMP, '')} (republished ${count})`;
      return next;
    }
  }
  next['x-republish'] = (typeof next['x-republish'] === 'number' ? next['x-republish'] : 0) + 1;
  return next;
}
