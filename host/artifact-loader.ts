import type { ArtifactName, JsonObject } from '@runtime-component-catalog/contracts';
import { HostError } from './host-error.js';
import { OriginPolicy } from './internal/origin-policy.js';
import { readUpstreamJson, UpstreamReadFailure, type UpstreamReadOptions } from './internal/read-upstream-json.js';

/** Loads one artifact from the origin: a JSON object, or null when the origin answers 404. */
export type ArtifactLoader = (request: ArtifactRequest) => Promise<JsonObject | null>;

/** Which artifact to load and where it lives. */
export interface ArtifactRequest {
  /** The package's id (named in load errors). */
  readonly packageId: string;
  /** Which of the five artifacts. */
  readonly artifact: ArtifactName;
  /** The artifact's URL on the artifacts origin. */
  readonly url: string;
  /** The id of the request that causes the load, sent as `x-request-id` (docs/host-logs.md "Request id"). */
  readonly requestId?: string | undefined;
}

/** Options of {@link createArtifactLoader}. */
export interface ArtifactLoaderOptions extends UpstreamReadOptions {
  /** Shared gate on upstream fetches in flight (p-limit). */
  readonly limit: <T>(task: () => Promise<T>) => Promise<T>;
  /** `ARTIFACTS_ORIGIN`: every URL and redirect hop is held to it. */
  readonly artifactsOrigin: string;
}

/**
 * Spec 3 and 7: origin 404 → null; any other non-2xx, a network error, the time-out, an
 * oversized body or a body that is not a JSON object → HostError `artifact-load-failed`
 * naming the artifact, the package id and the status (`Failed to load meta.json for package
 * hero1: HTTP 500`).
 */
export function createArtifactLoader(options: ArtifactLoaderOptions): ArtifactLoader {
  const policy = new OriginPolicy(options.artifactsOrigin);
  const allows = (url: URL) => policy.allows(url);
  return async function loadArtifact({ packageId, artifact, url, requestId }) {
    const prefix = `Failed to load ${artifact} for package ${packageId}`;
    try {
      const result = await options.limit(() => readUpstreamJson(url, options, allows, requestId));
      if (!result.found) return null;
      if (!isJsonObject(result.value)) {
        throw new HostError('artifact-load-failed', `${prefix}: HTTP 200 with a body that is not a JSON object`);
      }
      return result.value;
    } catch (error) {
      if (error instanceof UpstreamReadFailure) {
        throw new HostError('artifact-load-failed', `${prefix}: ${error.reason}`, { cause: error });
      }
      throw error;
    }
  };
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
