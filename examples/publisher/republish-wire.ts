import type { PublishEvent } from '@runtime-component-catalog/authoring';
import type { ArtifactName } from '@runtime-component-catalog/contracts';
import type { PublisherErrorCode } from './republish-error.js';

// The wire of `POST /__playground/republish`, imported by the API (Node) and by its clients: the
// publisher panel (browser) and `npm run example:republish`. Types only: nothing here runs.

/** The 200 body: what a republish did. */
export interface RepublishResult {
  readonly packageId: string;
  readonly artifact: ArtifactName;
  /** The artifact as now published. */
  readonly content: Record<string, unknown>;
  /** Every step the publishing tool reported (upload, verify, revalidate), in order. */
  readonly steps: readonly PublishEvent[];
  /** The revalidate calls the host confirmed (none when the store already held these bytes). */
  readonly revalidated: readonly string[];
  readonly upToDate: boolean;
}

/**
 * Every error body of the publisher API (every route): the message, its stable code, and the steps
 * reported before it failed (when the tool ran).
 */
export interface RepublishErrorBody {
  readonly error: string;
  readonly code: PublisherErrorCode;
  readonly steps?: readonly PublishEvent[];
}
