import type { PropChange } from '../instance-versions/prop-changes.js';
import type { InstanceUpgrade } from './instance-upgrade.js';

const BOX_STYLE = { display: 'grid', gap: 6, font: '12px system-ui, sans-serif' } as const;
const BUTTON_STYLE = { marginInlineEnd: 8, padding: '4px 10px', cursor: 'pointer' } as const;

/** A value in a change line: JSON, bounded. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function describe(change: PropChange): string {
  switch (change.kind) {
    case 'added':
      return `added ${change.key} = ${shown(change.after)}`;
    case 'removed':
      return `removed ${change.key} (was ${shown(change.before)})`;
    case 'renamed':
      return `renamed ${change.from} → ${change.key} (${shown(change.value)})`;
    case 'changed':
      return `changed ${change.key}: ${shown(change.before)} → ${shown(change.after)}`;
  }
}

/**
 * What an upgrade changes, before it is applied (docs/sdk-versions.md "Upgrade"): per instance,
 * its version from → to and each prop added, renamed, removed or changed, with values; Accept
 * applies it as one edit, Cancel drops it.
 */
export function UpgradePreview(props: {
  readonly upgrades: readonly InstanceUpgrade[];
  readonly onAccept: () => void;
  readonly onCancel: () => void;
}) {
  return (
    <div data-testid="upgrade-preview" style={BOX_STYLE}>
      {props.upgrades.map(({ instanceId, plan }) => (
        <div key={instanceId} data-upgrade-instance={instanceId}>
          <strong>
            {instanceId}: {plan.from} → {plan.to}
          </strong>
          <ul style={{ margin: '4px 0', paddingInlineStart: 18 }}>
            {plan.changes.length === 0 ? <li>no prop changes</li> : null}
            {plan.changes.map((change) => (
              <li key={`${change.kind}:${change.key}`} data-change-kind={change.kind} data-change-key={change.key}>
                {describe(change)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div>
        <button type="button" data-testid="upgrade-accept" style={BUTTON_STYLE} onClick={props.onAccept}>
          Upgrade
        </button>
        <button type="button" data-testid="upgrade-cancel" style={BUTTON_STYLE} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
