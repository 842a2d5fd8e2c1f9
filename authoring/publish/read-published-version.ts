import { ARTIFACT_NAMES, type ArtifactName, artifactUrl } from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';
import { sha256Hex } from './content-hash.js';
import { fetchBytes } from './fetch-bytes.js';
import type { ObjectStore } from './object-store.js';
import { manifestKey, type PublishManifest, readManifest } from './publish-manifest.js';

/** A published version read back: its manifest and each artifact parsed from the bytes the origin serves. */
export interface PublishedVersion {
  readonly manifest: PublishManifest;
  readonly artifacts: ReadonlyMap<ArtifactName, Record<string, unknown>>;
}

/**
 * The version `pkg` as the host would read it: its manifest must record all five artifacts as
 * verified (publish records an artifact only once it was read back through the origin), and each
 * one is read again through `artifactsOrigin` and must hash to what the manifest recorded. A
 * version with no manifest, a manifest missing an artifact, or an artifact the origin does not
 * serve as recorded is `unknown-version` (exit 1): nothing in it can be pointed at.
 */
export async function readPublishedVersion(
  store: ObjectStore,
  artifactsOrigin: string,
  pkg: { package: string; version: string },
): Promise<PublishedVersion> {
  const name = `${pkg.package}@${pkg.version}`;
  const unknown = (why: string) => new AuthoringError('unknown-version', `${name} ${why}: nothing written`);
  if ((await store.get(manifestKey(pkg))) === undefined) {
    throw unknown(`was never published to ${store.description} (no ${manifestKey(pkg)})`);
  }
  const manifest = await readManifest(store, pkg);
  const missing = ARTIFACT_NAMES.filter((artifact) => manifest.artifacts[artifact] === undefined);
  if (missing.length > 0) {
    throw unknown(`was not published whole: ${missing.join(', ')} never verified (run publish for that version first)`);
  }
  const artifacts = new Map<ArtifactName, Record<string, unknown>>();
  for (const artifact of ARTIFACT_NAMES) {
    const url = artifactUrl(artifactsOrigin, pkg, artifact);
    let answer: { status: number; bytes: Uint8Array };
    try {
      answer = await fetchBytes(url);
    } catch (error) {
      throw unknown(`cannot be read back: ${(error as Error).message}`);
    }
    if (answer.status !== 200) throw unknown(`cannot be read back: ${url} answered HTTP ${answer.status}`);
    const hash = sha256Hex(answer.bytes);
    if (hash !== manifest.artifacts[artifact]) {
      throw unknown(
        `is not served as published: ${url} has sha256 ${hash.slice(0, 12)}…, the manifest ${manifest.artifacts[artifact]?.slice(0, 12)}…`,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(answer.bytes));
    } catch {
      value = undefined;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw unknown(`cannot be read back: ${url} is not a JSON object`);
    artifacts.set(artifact, value as Record<string, unknown>);
  }
  return { manifest, artifacts };
}
