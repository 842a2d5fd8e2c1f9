import { Button } from '@puckeditor/core';
import { History } from 'lucide-react';
import { type CSSProperties, useCallback, useEffect, useState } from 'react';
import type { RepublishErrorBody } from '../publisher/republish-wire.js';
import type { PublishReleaseResult, RollbackResult, VariantVersions } from '../publisher/versions-wire.js';
import { type PublishOutcome, PublishSteps } from './publish-steps.js';

/** Props of {@link VersionsSection}. */
export interface VersionsSectionProps {
  /** The variant whose versions it shows (the catalog id). */
  readonly variant: string;
}

const styles = {
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: 'var(--puck-space-3)',
    padding: 'var(--puck-space-4)',
    borderTop: 'var(--puck-border-width-regular) solid var(--puck-color-border)',
  },
  heading: {
    display: 'flex',
    alignItems: 'center',
    gap: 'var(--puck-space-2)',
    margin: 0,
    fontSize: 'var(--puck-font-size-xs)',
    fontWeight: 'var(--puck-font-weight-bold)',
  },
  text: { margin: 0, color: 'var(--puck-color-text-secondary)', lineHeight: 1.5 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: 'var(--puck-space-2)',
  },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 'var(--puck-space-2)' },
  version: { fontFamily: 'var(--puck-font-family-monospaced)' },
} satisfies Record<string, CSSProperties>;

/** The last action: its headings (done, failed), and how it ended. */
interface Action {
  readonly done: string;
  readonly failed: string;
  readonly outcome: PublishOutcome;
}

/** POSTs `body` to the publisher API's `path`: the 200 body, or the outcome of its failure. */
async function post<T>(
  path: string,
  body: unknown,
): Promise<{ ok: true; body: T } | { ok: false; outcome: PublishOutcome }> {
  try {
    const response = await fetch(`/__playground/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => undefined)) as T | RepublishErrorBody | undefined;
    if (response.ok && answer !== undefined) return { ok: true, body: answer as T };
    const failure = answer as RepublishErrorBody | undefined;
    const message = failure?.error === undefined ? `HTTP ${response.status}` : `${failure.code}: ${failure.error}`;
    return { ok: false, outcome: { kind: 'failed', message, steps: failure?.steps ?? [] } };
  } catch (error) {
    return {
      ok: false,
      outcome: { kind: 'failed', message: `The publisher API is unreachable: ${String(error)}`, steps: [] },
    };
  }
}

/**
 * The versions of one variant in the playground's stores (docs/playground-versions.md): the catalog's version, each published version with a button that makes it the catalog's
 * (`catalog-schema rollback`), and each release overlay of the variant with a button that publishes
 * it (`catalog-schema publish`, gate included), disabled once published. Each shows its steps as
 * the republish does. The editor reads the catalog when it loads: reload it to insert the new one.
 */
export function VersionsSection({ variant }: VersionsSectionProps) {
  const [versions, setVersions] = useState<VariantVersions | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [action, setAction] = useState<Action | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      const response = await fetch(`/__playground/versions?variant=${encodeURIComponent(variant)}`, {
        cache: 'no-store',
      });
      const body = (await response.json()) as VariantVersions | RepublishErrorBody;
      if ('error' in body) throw new Error(body.error);
      setVersions(body);
      setLoadError(undefined);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    }
  }, [variant]);

  useEffect(() => {
    void load();
  }, [load]);

  async function run(done: string, failed: string, request: () => Promise<PublishOutcome>) {
    setBusy(true);
    setAction(undefined);
    try {
      setAction({ done, failed, outcome: await request() });
      await load();
    } finally {
      setBusy(false);
    }
  }

  const publishRelease = (release: string, version: string) =>
    run(`Published ${version}`, 'Not published', async () => {
      const answer = await post<PublishReleaseResult>('publish-release', { release });
      return answer.ok ? { kind: 'published', steps: answer.body.steps } : answer.outcome;
    });

  const rollback = (to: string) =>
    run(`The catalog's version is ${to}`, 'Not rolled back', async () => {
      const answer = await post<RollbackResult>('rollback', { variant, to });
      if (!answer.ok) return answer.outcome;
      return { kind: answer.body.upToDate ? 'up-to-date' : 'published', steps: answer.body.steps };
    });

  return (
    <>
      <section aria-label="Versions" data-testid="versions" style={styles.section}>
        <h3 style={styles.heading}>
          <History size={16} aria-hidden />
          Versions of {variant}
        </h3>
        {loadError !== undefined && <p style={styles.text}>Versions could not be read: {loadError}</p>}
        {versions !== undefined && (
          <>
            <p style={styles.text}>
              {versions.package}: the catalog's version is{' '}
              <strong style={styles.version} data-testid="versions-catalog-version">
                {versions.catalogVersion}
              </strong>
              . New instances get it; instances on the page keep theirs. Reload the editor after a change.
            </p>
            <ul style={styles.list} aria-label="Published versions">
              {versions.published.map((version) => (
                <li key={version} style={styles.row}>
                  <span style={styles.version}>{version}</span>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={busy || version === versions.catalogVersion}
                    onClick={() => rollback(version)}
                    data-testid={`rollback-to-${version}`}
                  >
                    Make {version} the catalog's
                  </Button>
                </li>
              ))}
            </ul>
            {versions.releases.map((release) => {
              const version = release.slice(variant.length + 1);
              return (
                <Button
                  key={release}
                  type="button"
                  variant="primary"
                  fullWidth
                  disabled={busy || versions.published.includes(version)}
                  onClick={() => publishRelease(release, version)}
                  data-testid={`publish-release-${release}`}
                >
                  {busy ? 'Working…' : `Publish ${version}`}
                </Button>
              );
            })}
          </>
        )}
      </section>
      {action && (
        <PublishSteps
          outcome={action.outcome}
          testIds="versions"
          headings={{ published: action.done, 'up-to-date': `${action.done} already`, failed: action.failed }}
        />
      )}
    </>
  );
}
