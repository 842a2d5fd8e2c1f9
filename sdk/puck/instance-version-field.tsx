import type { CustomField } from '@puckeditor/core';
import { behind } from '../instance-versions/behind.js';
import type { InstanceSource } from './instance-source.js';
import { applyInstanceUpgrade, planInstanceUpgrade } from './instance-upgrade.js';
import { UpgradeControl } from './upgrade-control.js';

const TEXT_STYLE = { margin: '0 0 8px', font: '12px system-ui, sans-serif' } as const;

/**
 * The first field of a selected instance (its value is the saved version, {@link VERSION_PROP}):
 * the version it is saved with and renders with, how far behind the catalog it is, and, when
 * behind, "Upgrade to <catalog version>…" with the preview of what changes
 * (docs/sdk-versions.md "What the editor shows").
 */
export function instanceVersionField(
  source: InstanceSource,
  packageId: string,
  instanceId: string,
): CustomField<unknown> {
  return {
    type: 'custom',
    label: 'Version',
    render: ({ value }) => {
      const saved = typeof value === 'string' ? value : undefined;
      const rendered = source.renderedVersion(packageId, saved);
      if (saved === undefined || rendered === undefined) return <p style={TEXT_STYLE}>{saved ?? 'the catalog’s'}</p>;
      const distance = behind(saved, rendered.catalogVersion);
      const status = distance.ok ? distance.status : 'invalid';
      return (
        <div data-testid="instance-version-field" data-saved-version={saved} data-status={status}>
          <p style={TEXT_STYLE}>
            Saved with {saved}
            {distance.ok && distance.status !== 'current'
              ? ` · ${distance.label} (catalog ${rendered.catalogVersion})`
              : ''}
            {rendered.own ? `; shown and edited with ${rendered.version}` : ''}
          </p>
          {status === 'behind' ? (
            <UpgradeControl
              label={`Upgrade to ${rendered.catalogVersion}…`}
              testId="upgrade-instance"
              plan={async (api) => [await planInstanceUpgrade(source, api.appState.data, instanceId)]}
              apply={(api, upgrades) => {
                for (const upgrade of upgrades) applyInstanceUpgrade(api, upgrade);
              }}
            />
          ) : null}
        </div>
      );
    },
  };
}
