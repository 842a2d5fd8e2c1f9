import { type Data, Puck } from '@puckeditor/core';
import { type ComponentProps, useCallback, useMemo, useSyncExternalStore } from 'react';
import type { EditingSession } from '../editing-session.js';
import type { PuckAdapter } from './puck-adapter.js';
import { SessionStatus } from './session-status.js';

/** Props of {@link CatalogEditor}: Puck's own, but for what the adapter and the session provide. */
export type CatalogEditorProps = Omit<ComponentProps<typeof Puck>, 'config' | 'data' | 'onChange' | 'onPublish'> & {
  /** The adapter (`createPuckAdapter`): Puck's config and component list from the catalog. */
  readonly adapter: PuckAdapter;
  /** The page being edited (`openEditingSession`): every change is saved through it. */
  readonly session: EditingSession;
};

const READ_ONLY = { drag: false, duplicate: false, delete: false, edit: false, insert: false };

/**
 * Puck on the catalog and an editing session: the adapter's config and component list, the
 * session's page as Puck data, every change saved through the session (one save at a time, no
 * edit lost, unfinished inserts left out), and the save state with its conflict choice in the
 * header. Puck's own Publish button is not shown: every change is already saved. When the user
 * loads another tab's page (`takeTheirs`), Puck starts again from it.
 *
 * @param props - Puck's own props, with the adapter and the editing session.
 */
export function CatalogEditor({ adapter, session, overrides, ...puck }: CatalogEditorProps) {
  const generation = useSyncExternalStore(
    session.subscribe,
    () => session.generation,
    () => session.generation,
  );
  // Puck takes `data` once; a new generation (their page loaded) mounts a new Puck with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reason to read the page again
  const data = useMemo(() => adapter.toPuckData(session.current), [adapter, session, generation]);
  // Read when the session saves (the next task), not now: an insert Puck reports before it asks
  // for the defaults is then known to the adapter, and left out until they are there.
  const save = useCallback(
    (changed: Data) => session.update(() => adapter.toPage(changed, session.page)),
    [adapter, session],
  );
  const HeaderActions = overrides?.headerActions;
  // A page another tab writes is shown read-only (the session follows that tab).
  const readOnly = useSyncExternalStore(
    session.subscribe,
    () => session.readOnly,
    () => session.readOnly,
  );
  return (
    <Puck
      {...puck}
      key={`${generation}:${readOnly}`}
      permissions={readOnly ? READ_ONLY : puck.permissions}
      config={adapter.config}
      data={data}
      onChange={save}
      overrides={{
        ...adapter.overrides,
        ...overrides,
        headerActions: () => (
          <>
            <SessionStatus session={session} />
            {HeaderActions ? <HeaderActions>{null}</HeaderActions> : null}
          </>
        ),
      }}
    />
  );
}
