import { Button, FieldLabel, IconButton } from '@puckeditor/core';
import { ARTIFACT_NAMES, type ArtifactName } from '@runtime-component-catalog/contracts';
import { Braces, ChevronDown, FileJson, Package, X } from 'lucide-react';
import { type ComponentProps, type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import type { CatalogView } from '../../sdk/index.js';
import type { RepublishErrorBody, RepublishResult } from '../publisher/republish-wire.js';
import { type PublishOutcome, PublishSteps } from './publish-steps.js';
import { VersionsSection } from './versions-section.js';

/** The variant the panel shows versions of: the one the example has a release of (examples/releases). */
const VERSIONS_VARIANT = 'hero1';

/** Props of {@link PublisherPanel}. */
export interface PublisherPanelProps {
  readonly catalog: CatalogView;
  readonly onClose: () => void;
}

// Puck 0.23's chrome, from its design tokens (the `--puck-*` custom properties on :root): the
// header's height, padding and bottom border, a right sidebar's surface and left border, the
// fields' labels (Puck's own FieldLabel) and inputs, Puck's Button and IconButton.
const styles = {
  panel: {
    width: 360,
    flexShrink: 0,
    height: '100vh',
    display: 'flex',
    flexDirection: 'column',
    overflowY: 'auto',
    boxSizing: 'border-box',
    background: 'var(--puck-color-surface)',
    borderInlineStart: 'var(--puck-border-width-regular) solid var(--puck-color-border)',
    color: 'var(--puck-color-text)',
    fontFamily: 'var(--puck-font-family)',
    fontSize: 'var(--puck-font-size-xxs)',
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 'var(--puck-space-2)',
    // Puck's header: the gutter around a row of medium buttons (34px), so both bottom borders align.
    minHeight: 34,
    padding: 'var(--puck-space-chrome-gutter)',
    borderBottom: 'var(--puck-border-width-regular) solid var(--puck-color-border)',
    flexShrink: 0,
  },
  title: { margin: 0, fontSize: 'var(--puck-font-size-xs)', fontWeight: 'var(--puck-font-weight-bold)' },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: 'var(--puck-space-4)',
    padding: 'var(--puck-space-4)',
  },
  intro: { margin: 0, color: 'var(--puck-color-text-secondary)', lineHeight: 1.5 },
  input: {
    width: '100%',
    boxSizing: 'border-box',
    background: 'var(--puck-field-color-bg, var(--puck-color-surface))',
    border: 'var(--puck-border-width-regular) solid var(--puck-color-border)',
    borderRadius: 'var(--puck-radius-m)',
    color: 'var(--puck-color-text)',
    fontFamily: 'inherit',
    fontSize: 'var(--puck-font-size-xxs)',
    padding: 'var(--puck-space-3) calc(var(--puck-space-4) - var(--puck-border-width-regular))',
  },
  selectIcon: {
    position: 'absolute',
    right: 12,
    top: '50%',
    transform: 'translateY(-50%)',
    pointerEvents: 'none',
    color: 'var(--puck-color-text-subtle)',
  },
} satisfies Record<string, CSSProperties>;

const selectStyle: CSSProperties = { ...styles.input, appearance: 'none', cursor: 'pointer', paddingRight: 36 };
const contentStyle: CSSProperties = {
  ...styles.input,
  minHeight: 150,
  resize: 'vertical',
  fontFamily: 'var(--puck-font-family-monospaced)',
  fontSize: 'var(--puck-font-size-xxxs)',
  lineHeight: 1.5,
};

/** A select in Puck's field look: its own chevron over a plain `<select>`. */
function Select({ children, ...props }: ComponentProps<'select'> & { readonly children: ReactNode }) {
  return (
    <div style={{ position: 'relative' }}>
      <select {...props} style={selectStyle}>
        {children}
      </select>
      <ChevronDown size={16} style={styles.selectIcon} aria-hidden />
    </div>
  );
}

/**
 * The publisher's side of spec 1.5, beside the editor in Puck's look: edit one artifact of a package
 * on the artifacts origin and publish it through the dev server's publisher API (which holds the
 * secret and runs the publishing tool's library: upload, verify through the origin, then
 * revalidate on the host), then read every step the tool reported, or the error. New inserts then
 * get the new defaults; instances already on the page keep their props. Below, the versions of
 * hero1: publish its 2.0.0 release, or make a published version the catalog's.
 */
export function PublisherPanel({ catalog, onClose }: PublisherPanelProps) {
  const [packageId, setPackageId] = useState(catalog.packages[0]?.id ?? '');
  const [artifact, setArtifact] = useState<ArtifactName>('data.json');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PublishOutcome | undefined>(undefined);

  useEffect(() => {
    if (!packageId) return;
    let live = true;
    setOutcome(undefined);
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
      const reason = error instanceof Error ? error.message : String(error);
      setOutcome({ kind: 'failed', message: `Not JSON: ${reason}`, steps: [] });
      return;
    }
    setBusy(true);
    try {
      const response = await fetch('/__playground/republish', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ packageId, artifact, content }),
      });
      const body = (await response.json().catch(() => undefined)) as RepublishResult | RepublishErrorBody | undefined;
      if (response.ok && body !== undefined && !('error' in body)) {
        setOutcome({ kind: body.upToDate ? 'up-to-date' : 'published', steps: body.steps });
      } else {
        const failure = body !== undefined && 'error' in body ? body : undefined;
        setOutcome({
          kind: 'failed',
          message: failure?.error ?? `The publisher API answered HTTP ${response.status}`,
          steps: failure?.steps ?? [],
        });
      }
    } catch (error) {
      setOutcome({ kind: 'failed', message: `The publisher API is unreachable: ${String(error)}`, steps: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <aside aria-label="Publisher" data-testid="publisher" style={styles.panel}>
      <header style={styles.header}>
        <h2 style={styles.title}>Publisher</h2>
        <IconButton type="button" title="Close the publisher" onClick={onClose}>
          <X size={16} />
        </IconButton>
      </header>
      <div style={styles.body}>
        <p style={styles.intro}>
          Publish an artifact: upload, verify through the origin, revalidate on the host. New instances get the change;
          the ones on the page keep their props.
        </p>
        <FieldLabel label="Package" icon={<Package size={16} />}>
          <Select
            value={packageId}
            onChange={(event) => setPackageId(event.target.value)}
            data-testid="publisher-package"
          >
            {catalog.packages.map((pkg) => (
              <option key={pkg.id} value={pkg.id}>
                {pkg.label} ({pkg.id})
              </option>
            ))}
          </Select>
        </FieldLabel>
        <FieldLabel label="Artifact" icon={<FileJson size={16} />}>
          <Select
            value={artifact}
            onChange={(event) => setArtifact(event.target.value as ArtifactName)}
            data-testid="publisher-artifact"
          >
            {ARTIFACT_NAMES.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </Select>
        </FieldLabel>
        <FieldLabel label="Content" icon={<Braces size={16} />}>
          <textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            rows={8}
            data-testid="publisher-content"
            style={contentStyle}
          />
        </FieldLabel>
        <Button
          type="button"
          variant="primary"
          fullWidth
          disabled={busy}
          onClick={publish}
          data-testid="publisher-publish"
        >
          {busy ? 'Publishing…' : 'Publish and revalidate'}
        </Button>
      </div>
      {outcome && <PublishSteps outcome={outcome} />}
      <VersionsSection variant={VERSIONS_VARIANT} />
    </aside>
  );
}
