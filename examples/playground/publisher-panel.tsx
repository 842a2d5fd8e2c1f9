import { ARTIFACT_NAMES, type ArtifactName } from '@runtime-component-catalog/contracts';
import { useEffect, useState } from 'react';
import type { CatalogView } from '../../sdk/index.js';

/** Props of {@link PublisherPanel}. */
export interface PublisherPanelProps {
  readonly catalog: CatalogView;
  readonly onClose: () => void;
}

type Outcome = { readonly ok: boolean; readonly text: string } | undefined;

/**
 * The publisher's side of spec 1.5: edit one artifact of a package on the artifacts origin and
 * revalidate it on the host (through the dev server's publisher API, which holds the secret).
 * New inserts then get the new defaults; instances already on the page keep their props.
 */
export function PublisherPanel({ catalog, onClose }: PublisherPanelProps) {
  const [packageId, setPackageId] = useState(catalog.packages[0]?.id ?? '');
  const [artifact, setArtifact] = useState<ArtifactName>('data.json');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(undefined);

  useEffect(() => {
    if (!packageId) return;
    let live = true;
    const pkg = catalog.package(packageId);
    fetch(`/origin/${pkg.package}@${pkg.version}/${artifact}`, { cache: 'no-store' })
      .then(async (response) => (response.ok ? JSON.stringify(await response.json(), null, 2) : ''))
      .then((loaded) => live && setText(loaded))
      .catch(() => live && setText(''));
    return () => {
      live = false;
    };
  }, [catalog, packageId, artifact]);

  async function publish() {
    let content: unknown;
    try {
      content = JSON.parse(text);
    } catch (error) {
      setOutcome({ ok: false, text: `Not JSON: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    setBusy(true);
    try {
      const response = await fetch('/__playground/republish', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ packageId, artifact, content }),
      });
      const body = (await response.json()) as { error?: string; revalidation?: { tag?: string } };
      setOutcome(
        response.ok
          ? { ok: true, text: `Published; the host invalidated ${body.revalidation?.tag}` }
          : { ok: false, text: body.error ?? `HTTP ${response.status}` },
      );
    } catch (error) {
      setOutcome({ ok: false, text: String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <aside
      aria-label="Publisher"
      data-testid="publisher"
      style={{
        width: 360,
        borderLeft: '1px solid #e2e8f0',
        padding: 16,
        display: 'flex',
        flexDirection: 'column',
        gap: 10,
        font: '14px system-ui, sans-serif',
        background: '#f8fafc',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong>Publisher</strong>
        <button type="button" onClick={onClose} aria-label="Close the publisher">
          ×
        </button>
      </div>
      <p style={{ margin: 0, color: '#475569' }}>
        Edit an artifact on the artifacts origin, then revalidate it on the host. New instances get the change; the ones
        on the page keep their props.
      </p>
      <label>
        Package{' '}
        <select
          value={packageId}
          onChange={(event) => setPackageId(event.target.value)}
          data-testid="publisher-package"
        >
          {catalog.packages.map((pkg) => (
            <option key={pkg.id} value={pkg.id}>
              {pkg.label} ({pkg.id})
            </option>
          ))}
        </select>
      </label>
      <label>
        Artifact{' '}
        <select
          value={artifact}
          onChange={(event) => setArtifact(event.target.value as ArtifactName)}
          data-testid="publisher-artifact"
        >
          {ARTIFACT_NAMES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
      <textarea
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        data-testid="publisher-content"
        style={{ flex: 1, minHeight: 240, fontFamily: 'ui-monospace, monospace', fontSize: 12 }}
      />
      <button type="button" disabled={busy} onClick={publish} data-testid="publisher-publish">
        {busy ? 'Publishing…' : 'Publish and revalidate'}
      </button>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} style={{ margin: 0, color: outcome.ok ? '#15803d' : '#b91c1c' }}>
          {outcome.text}
        </p>
      )}
    </aside>
  );
}
