import { useGetPuck } from '@puckeditor/core';

/** Takes an instance off the page through Puck (for a failed insert, which was never saved). */
export function RemoveInstance({ instanceId }: { readonly instanceId: string }) {
  const getPuck = useGetPuck();
  const remove = () => {
    const selector = getPuck().getSelectorForId(instanceId);
    if (selector) getPuck().dispatch({ type: 'remove', index: selector.index, zone: selector.zone });
  };
  return (
    <button type="button" onClick={remove} style={{ margin: '0 16px 16px' }}>
      Remove
    </button>
  );
}
