import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ARTIFACT_NAMES, type ArtifactName, type CatalogPackage } from '@runtime-component-catalog/contracts';
import { checkArtifactContent } from './artifact-content-check.js';
import { RepublishError } from './republish-error.js';
import { stampRepublish } from './stamp-republish.js';

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
 * Publishes a new version of one artifact of a package in the order of spec 4.2: checks it
 * ({@link checkArtifactContent}), writes it to the object store atomically (a temporary file
 * renamed over the old one), reads it back from the artifacts origin to verify it, then calls
 * `POST /api/revalidate` with the secret; any non-2xx answer fails with its text. Without
 * `content`, the current artifact is republished with a visible change ({@link stampRepublish}).
 */
export async function republishArtifact(
  target: PublishTarget,
  pkg: CatalogPackage,
  artifact: string,
  content?: unknown,
): Promise<RepublishResult> {
  if (!(ARTIFACT_NAMES as readonly string[]).includes(artifact)) {
    throw new RepublishError('unknown-artifact', `Unknown artifact: ${artifact} (one of ${ARTIFACT_NAMES.join(', ')})`);
  }
  const name = artifact as ArtifactName;
  const folder = join(target.artifactsDir, `${pkg.package}@${pkg.version}`);
  let next: unknown = content;
  if (next === undefined) {
    const current = await readJson(join(folder, name));
    if (current === undefined) throw new RepublishError('not-found', `${pkg.id} has no ${name} to republish`);
    next = stampRepublish(name, current);
  }
  const schema = name === 'data.json' ? await readJson(join(folder, 'schema.json')) : undefined;
  const checked = await checkArtifactContent(pkg, name, next, schema);

  const file = join(folder, name);
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(checked, null, 2)}\n`);
  await rename(temporary, file);

  const url = `${target.artifactsOrigin}/${pkg.package}@${pkg.version}/${name}`;
  const published = await fetch(url)
    .then((response) => (response.ok ? response.json() : undefined))
    .catch(() => undefined);
  if (!isDeepStrictEqual(published, checked)) {
    throw new RepublishError(
      'origin-mismatch',
      `The artifacts origin does not serve the new ${name} at ${url}; not revalidated`,
    );
  }
  let response: Response;
  try {
    response = await fetch(`${target.hostUrl}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-revalidation-secret': target.secret },
      body: JSON.stringify({ packageId: pkg.id, artifact: name }),
    });
  } catch (error) {
    throw new RepublishError('revalidation-failed', `Revalidation failed: the host is unreachable (${String(error)})`);
  }
  const text = await response.text();
  if (!response.ok)
    throw new RepublishError('revalidation-failed', `Revalidation failed: HTTP ${response.status} ${text}`);
  return { packageId: pkg.id, artifact: name, content: checked, revalidation: JSON.parse(text) };
}

/** The JSON object in `file`; undefined when there is none; `unreadable-artifact` when it is not JSON. */
async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new RepublishError('unreadable-artifact', `${file} is not JSON; publish new content for it instead`);
  }
}
