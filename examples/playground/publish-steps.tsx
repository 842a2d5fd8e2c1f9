import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { RepublishErrorBody, RepublishResult } from '../publisher/republish-wire.js';

/** What the last publish gave: its steps, and how it ended. */
export type PublishOutcome =
  | { readonly kind: 'published' | 'up-to-date'; readonly steps: RepublishResult['steps'] }
  | { readonly kind: 'failed'; readonly message: string; readonly steps: NonNullable<RepublishErrorBody['steps']> };

const HEADINGS: Record<PublishOutcome['kind'], string> = {
  published: 'Published',
  'up-to-date': 'Up to date',
  failed: 'Not published',
};

const styles = {
  section: {
    borderTop: 'var(--puck-border-width-regular) solid var(--puck-color-border)',
    padding: 'var(--puck-space-4)',
    display: 'flex',
    flexDirection: 'column',
    gap: 'var(--puck-space-3)',
  },
  heading: {
    display: 'flex',
    alignItems: 'center',
    gap: 'var(--puck-space-2)',
    margin: 0,
    fontSize: 'var(--puck-font-size-xxs)',
    fontWeight: 'var(--puck-font-weight-semibold)',
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  step: {
    display: 'grid',
    gridTemplateColumns: '16px 1fr',
    gap: 'var(--puck-space-2)',
    alignItems: 'start',
    padding: 'var(--puck-space-2) 0',
    borderTop: 'var(--puck-border-width-regular) solid var(--puck-color-border)',
    fontSize: 'var(--puck-font-size-xxxs)',
    lineHeight: 1.45,
    color: 'var(--puck-color-text-secondary)',
    overflowWrap: 'anywhere',
  },
  icon: { marginTop: 1 },
  message: {
    margin: 0,
    padding: 'var(--puck-space-2) var(--puck-space-3)',
    borderRadius: 'var(--puck-radius-m)',
    background: 'var(--puck-color-red-11)',
    border: 'var(--puck-border-width-regular) solid var(--puck-color-red-09)',
    color: 'var(--puck-color-red-04)',
    fontSize: 'var(--puck-font-size-xxxs)',
    overflowWrap: 'anywhere',
  },
} satisfies Record<string, CSSProperties>;

const ok = 'var(--puck-color-green-05)';
const failed = 'var(--puck-color-red-04)';
const quiet = 'var(--puck-color-text-subtle)';

/** Props of {@link PublishSteps}. */
export interface PublishStepsProps {
  readonly outcome: PublishOutcome;
  /** Its `data-testid` is `<testIds>-result`, its list's `<testIds>-steps` (default `publisher`). */
  readonly testIds?: string;
  /** Headings instead of Published, Up to date and Not published (a rollback says what it did). */
  readonly headings?: Partial<Record<PublishOutcome['kind'], string>>;
}

/**
 * The publishing tool's steps of the last publish (artifact, upload, verify, revalidate, or "up to
 * date"), one line each as `catalog-schema publish` prints them, the step's name in bold; on a
 * failure, the steps that ran and then the error. A success is a `status`, a failure an `alert`.
 */
export function PublishSteps({ outcome, testIds = 'publisher', headings }: PublishStepsProps) {
  const failure = outcome.kind === 'failed';
  const HeadingIcon = failure ? CircleX : outcome.kind === 'up-to-date' ? CircleMinus : CircleCheck;
  return (
    <section
      role={failure ? 'alert' : 'status'}
      data-testid={`${testIds}-result`}
      data-outcome={outcome.kind}
      style={styles.section}
    >
      <h3 style={styles.heading}>
        <HeadingIcon size={16} color={failure ? failed : outcome.kind === 'published' ? ok : quiet} aria-hidden />
        {headings?.[outcome.kind] ?? HEADINGS[outcome.kind]}
      </h3>
      {outcome.steps.length > 0 && (
        <ol style={styles.list} data-testid={`${testIds}-steps`} aria-label="Publish steps">
          {outcome.steps.map((event, index) => (
            // The steps of one publish never change: their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} data-step={event.step} style={styles.step}>
              <StepIcon step={event.step} />
              <span>
                <StepText text={event.text} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {failure && <p style={styles.message}>{outcome.message}</p>}
    </section>
  );
}

function StepIcon({ step }: { readonly step: string }) {
  const Icon = step === 'done' ? CircleMinus : CircleCheck;
  return <Icon size={14} color={step === 'done' ? quiet : ok} style={styles.icon} aria-hidden />;
}

/** `upload: …` with its step (up to the first `: `) in bold; the text reads as the CLI prints it. */
function StepText({ text }: { readonly text: string }) {
  const cut = text.indexOf(': ');
  if (cut === -1) return text;
  return (
    <>
      <strong style={{ color: 'var(--puck-color-text)', fontWeight: 'var(--puck-font-weight-semibold)' }}>
        {text.slice(0, cut + 1)}
      </strong>
      {text.slice(cut + 1)}
    </>
  );
}
