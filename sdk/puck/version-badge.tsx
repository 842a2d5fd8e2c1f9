import { behind } from '../instance-versions/behind.js';
import type { RenderedVersion } from './instance-source.js';

const BADGE_STYLE = {
  display: 'inline-block',
  margin: 4,
  padding: '2px 8px',
  borderRadius: 999,
  font: '12px system-ui, sans-serif',
  color: '#92400e',
  background: '#fef3c7',
  border: '1px solid #fcd34d',
} as const;

/**
 * On the canvas, above an instance that is not at its package's catalog version: its saved
 * version, how far behind (or ahead of) the catalog it is, and whether it renders with its own
 * version's component (docs/sdk-versions.md "What the editor shows"). Nothing for an instance
 * at the catalog's version.
 */
export function VersionBadge(props: {
  readonly packageId: string;
  readonly savedVersion: string;
  readonly rendered: RenderedVersion;
}) {
  const distance = behind(props.savedVersion, props.rendered.catalogVersion);
  if (!distance.ok || distance.status === 'current') return null;
  const own = props.rendered.own ? `, shown with ${props.rendered.version}` : '';
  return (
    <div
      data-testid="instance-version"
      data-saved-version={props.savedVersion}
      data-catalog-version={props.rendered.catalogVersion}
      data-status={distance.status}
      data-own-version={props.rendered.own ? 'true' : 'false'}
      style={BADGE_STYLE}
    >
      {props.savedVersion} · {distance.label} (catalog {props.rendered.catalogVersion}){own}
    </div>
  );
}
