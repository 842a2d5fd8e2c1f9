import { useGetPuck } from '@puckeditor/core';
import { useState } from 'react';
import type { InstanceUpgrade, PuckUpgradeApi } from './instance-upgrade.js';
import { UpgradePreview } from './upgrade-preview.js';

type UpgradeState =
  | { readonly status: 'idle' }
  | { readonly status: 'planning' }
  | { readonly status: 'preview'; readonly upgrades: readonly InstanceUpgrade[] }
  | { readonly status: 'failed'; readonly message: string };

/**
 * A button that plans an upgrade, shows its preview, and applies it on acceptance (an instance's
 * in its fields, the page's in the page fields). A plan that fails says why, and changes nothing.
 */
export function UpgradeControl(props: {
  readonly label: string;
  readonly testId: string;
  readonly plan: (api: PuckUpgradeApi) => Promise<readonly InstanceUpgrade[]>;
  readonly apply: (api: PuckUpgradeApi, upgrades: readonly InstanceUpgrade[]) => void;
}) {
  const getPuck = useGetPuck();
  const [state, setState] = useState<UpgradeState>({ status: 'idle' });
  const start = () => {
    setState({ status: 'planning' });
    props.plan(getPuck()).then(
      (upgrades) => setState({ status: 'preview', upgrades }),
      (error: unknown) =>
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  if (state.status === 'preview') {
    return (
      <UpgradePreview
        upgrades={state.upgrades}
        onAccept={() => {
          props.apply(getPuck(), state.upgrades);
          setState({ status: 'idle' });
        }}
        onCancel={() => setState({ status: 'idle' })}
      />
    );
  }
  return (
    <div>
      <button type="button" data-testid={props.testId} disabled={state.status === 'planning'} onClick={start}>
        {props.label}
      </button>
      {state.status === 'failed' ? (
        <p role="alert" data-testid="upgrade-error" style={{ color: '#b91c1c' }}>
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
