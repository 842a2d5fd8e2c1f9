import { type ArtifactName, REVALIDATION_SECRET_HEADER } from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';
import { fetchBytes } from './fetch-bytes.js';

// What a publisher does next (docs/authoring-publish.md "Re-runs resume"): every failure here
// leaves the uploads verified and the revalidation due, so the same command finishes the job.
const RETRY =
  'run publish again once the host answers: nothing verified is uploaded again, and only what is due is revalidated';
const RETRY_SECRET = `HOST_REVALIDATION_SECRET is not the host's REVALIDATION_SECRET (or the host has none): set it, then ${RETRY}`;
const RETRY_UNREACHABLE = `check HOST_APP_URL, then ${RETRY}`;

/** Where and how to tell the host (spec 5.3: `HOST_APP_URL`, `HOST_REVALIDATION_SECRET`). */
export interface HostTarget {
  /** The host's base URL (`HOST_APP_URL`). */
  readonly url: string;
  /** The revalidation secret (`HOST_REVALIDATION_SECRET`); never printed. */
  readonly secret: string;
}

/** At most this much of the host's answer goes into an error. */
const maxAnswerText = 1_000;

/**
 * `POST {HOST_APP_URL}/api/revalidate` for a package or one of its artifacts (spec 4.2). Any
 * non-2xx answer is `revalidate-failed` with the status and the response text; an unreachable
 * host likewise. The secret goes only into its header, never into a message. Returns the tag the
 * host reports.
 */
export async function revalidateOnHost(
  host: HostTarget,
  packageId: string,
  artifact: ArtifactName | undefined,
): Promise<string> {
  const url = `${host.url.replace(/\/+$/, '')}/api/revalidate`;
  const body = artifact === undefined ? { packageId } : { packageId, artifact };
  const what = artifact === undefined ? `package ${packageId}` : `${artifact} of ${packageId}`;
  let answer: { status: number; bytes: Uint8Array };
  try {
    answer = await fetchBytes(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [REVALIDATION_SECRET_HEADER]: host.secret },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new AuthoringError(
      'revalidate-failed',
      `revalidate ${what}: host unreachable: ${(error as Error).message}; ${RETRY_UNREACHABLE}`,
      { cause: error },
    );
  }
  const text = new TextDecoder().decode(answer.bytes).slice(0, maxAnswerText).trim();
  if (answer.status < 200 || answer.status > 299) {
    throw new AuthoringError(
      'revalidate-failed',
      `revalidate ${what}: HTTP ${answer.status}: ${text || '(empty answer)'}; ${answer.status === 401 || answer.status === 403 ? RETRY_SECRET : RETRY}`,
    );
  }
  try {
    const tag = (JSON.parse(text) as { tag?: unknown }).tag;
    return typeof tag === 'string' ? tag : '';
  } catch {
    return '';
  }
}
