/**
 * The Puck prop that carries an instance's saved package version (docs/sdk-versions.md): kept in
 * Puck's data so that undo, redo and duplicate carry the version with the props it belongs to.
 * Never given to the component, never saved as a prop, never shown as a field of its own.
 */
export const VERSION_PROP = '@catalog/version';

/** Puck props without the adapter's own keys (`id` and {@link VERSION_PROP}): the instance's props. */
export function instanceProps(puckProps: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { id: _id, [VERSION_PROP]: _version, ...props } = puckProps;
  return props;
}

/** The saved version Puck props carry, or undefined (an item Puck made without the adapter). */
export function savedVersionOf(puckProps: Readonly<Record<string, unknown>>): string | undefined {
  const version = puckProps[VERSION_PROP];
  return typeof version === 'string' ? version : undefined;
}
