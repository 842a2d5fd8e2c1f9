import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FolderStore, jsonBytes, type PublishEvent, publishArtifacts } from '@runtime-component-catalog/authoring';
import { ARTIFACT_NAMES, type ArtifactName, type CatalogPackage } from '@runtime-component-catalog/contracts';
import { checkArtifactContent } from './artifact-content-check.js';
import { RepublishError, RepublishStepsError } from './republish-error.js';
import type { RepublishResult } from './republish-wire.js';
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

/**
 * Publishes a new version of one artifact of a package through the publishing tool's library
 * (`publishArtifacts` of @runtime-component-catalog/authoring, the one implementation): checks it
 * ({@link checkArtifactContent}), then upload to the folder store (atomic), verify through the
 * artifacts origin, and only then revalidate that artifact on the host; any non-2xx answer fails
 * with its text. Without `content`, the current artifact is republished with a visible change
 * ({@link stampRepublish}).
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

  const steps: PublishEvent[] = [];
  try {
    const published = await publishArtifacts(
      {
        artifacts: new FolderStore(target.artifactsDir),
        artifactsOrigin: target.artifactsOrigin,
        esm: undefined,
        esmOrigin: '',
        catalogKey: undefined,
        host: { url: target.hostUrl, secret: target.secret },
      },
      { packageId: pkg.id, package: pkg.package, version: pkg.version },
      new Map([[name, jsonBytes(checked)]]),
      {},
      { dryRun: false, force: false, progress: (event) => steps.push(event) },
    );
    return {
      packageId: pkg.id,
      artifact: name,
      content: checked,
      steps,
      revalidated: [...published.revalidated],
      upToDate: published.upToDate,
    };
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new RepublishStepsError(
      code === 'revalidate-failed' ? 'revalidation-failed' : 'origin-mismatch',
      (error as Error).message,
      steps,
      error,
    );
  }
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
