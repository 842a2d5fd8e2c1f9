import { type CustomField, createUsePuck } from '@puckeditor/core';
import { useEffect, useState } from 'react';
import { behind } from '../instance-versions/behind.js';
import type { InstanceSource } from './instance-source.js';
import { applyPageUpgrade, planPageInstancesUpgrade } from './instance-upgrade.js';
import { UpgradeControl } from './upgrade-control.js';
import { savedVersionOf } from './version-prop.js';

const usePuck = createUsePuck();
const TEXT_STYLE = { margin: '0 0 8px', font: '12px system-ui, sans-serif' } as const;

/** One instance of the page that is not at its package's catalog version. */
interface BehindRow {
  readonly instanceId: string;
  readonly packageId: string;
  readonly saved: string;
  readonly label: string;
  readonly status: 'behind' | 'ahead';
}

function PageVersions({ source }: { readonly source: InstanceSource }) {
  const content = usePuck((puck) => puck.appState.data.content);
  // The catalog entries are read once per package; the list is drawn again when they are known.
  const [known, setKnown] = useState(0);
  useEffect(() => {
    let live = true;
    const packages = [...new Set(content.map((item) => item.type))];
    Promise.allSettled(packages.map((packageId) => source.catalogEntry(packageId))).then(
      () => live && setKnown((count) => count + 1),
    );
    return () => {
      live = false;
    };
  }, [content, source]);
  const rows: BehindRow[] = [];
  for (const item of content) {
    const saved = savedVersionOf(item.props as Record<string, unknown>);
    const rendered = saved === undefined ? undefined : source.renderedVersion(item.type, saved);
    if (saved === undefined || rendered === undefined) continue;
    const distance = behind(saved, rendered.catalogVersion);
    if (!distance.ok || distance.status === 'current') continue;
    rows.push({
      instanceId: String(item.props.id),
      packageId: item.type,
      saved,
      label: distance.label,
      status: distance.status,
    });
  }
  if (rows.length === 0)
    return (
      <p style={TEXT_STYLE} data-testid="page-versions" data-behind="0" data-known={known}>
        Every component is at its catalog version.
      </p>
    );
  const behindCount = rows.filter((row) => row.status === 'behind').length;
  return (
    <div data-testid="page-versions" data-behind={behindCount}>
      <ul style={{ ...TEXT_STYLE, paddingInlineStart: 18 }}>
        {rows.map((row) => (
          <li key={row.instanceId} data-version-of={row.instanceId} data-status={row.status}>
            {row.instanceId} ({row.packageId} {row.saved}): {row.label}
          </li>
        ))}
      </ul>
      {behindCount > 0 ? (
        <UpgradeControl
          label={`Upgrade the page (${behindCount} behind)…`}
          testId="upgrade-page"
          plan={(api) => planPageInstancesUpgrade(source, api.appState.data)}
          apply={applyPageUpgrade}
        />
      ) : null}
    </div>
  );
}

/**
 * A field of the page (Puck's root fields, shown when no instance is selected): the instances
 * not at their package's catalog version, how far, and "Upgrade the page…", all of them as one
 * edit after the preview (docs/sdk-versions.md "What the editor shows"). Its value is unused.
 */
export function pageVersionsField(source: InstanceSource): CustomField<unknown> {
  return { type: 'custom', label: 'Component versions', render: () => <PageVersions source={source} /> };
}
