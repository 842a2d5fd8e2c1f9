import type { Data, PuckAction } from '@puckeditor/core';
import type { CatalogView } from '../catalog-view.js';
import { newInstanceId } from '../component-instance.js';
import { SdkError } from '../sdk-error.js';
import type { InstanceLifecycles } from './instance-lifecycles.js';

/** Puck's root zone: where inserts from the component list land. */
export const ROOT_ZONE = 'root:default-zone';

/** The part of Puck's API (`usePuck()`/`useGetPuck()()`) that an insert uses. */
export interface PuckInsertApi {
  /** Puck's state. */
  readonly appState: {
    /** The page as Puck holds it. */
    readonly data: Data;
  };
  /** Applies an action to Puck's state (the insert is one). */
  dispatch(action: PuckAction): void;
  /** Runs `resolveData` of an item (with `insert`: data.json's defaults are applied). */
  resolveDataById(id: string, trigger?: 'insert'): void;
}

/** What {@link insertInstance} works with: the adapter's catalog and instance lifecycles. */
export interface InsertContext {
  readonly catalog: CatalogView;
  readonly lifecycles: InstanceLifecycles;
  /** How long the insert waits for the new instance to render. */
  readonly timeoutMs: number;
  /** Why the page cannot hold `packageId` (the adapter's `accepts`), or undefined. */
  readonly accepts?: (packageId: string) => string | undefined;
}

/**
 * A user's insert done through Puck's API (the adapter's `insert`): appends an instance of
 * `packageId` to the root zone, has Puck resolve it with the `insert` trigger (the adapter's
 * `resolveData` gives it data.json's defaults), and resolves with its id once it rendered with
 * them. A failure rejects with an SdkError whose `instanceId` names the instance.
 */
export async function insertInstance(api: PuckInsertApi, packageId: string, context: InsertContext): Promise<string> {
  const { catalog, lifecycles, timeoutMs } = context;
  catalog.package(packageId); // unknown-package before anything changes
  const refused = context.accepts?.(packageId);
  if (refused !== undefined) throw new SdkError('store-unmappable', `${packageId} cannot be inserted here: ${refused}`);
  const id = `${packageId}-${newInstanceId()}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const rendered = Promise.race([
    lifecycles.whenRendered(id),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SdkError('insert-timeout', `${packageId} was not rendered within ${timeoutMs} ms`)),
        timeoutMs,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  lifecycles.start(id); // unfinished from the first moment Puck has it
  api.dispatch({
    type: 'insert',
    componentType: packageId,
    destinationIndex: api.appState.data.content.length,
    destinationZone: ROOT_ZONE,
    id,
  });
  api.resolveDataById(id, 'insert');
  try {
    await rendered;
  } catch (error) {
    throw insertError(error, id);
  }
  return id;
}

/** A failed insert as the SdkError `insert` rejects with: the cause's code, and the instance id. */
function insertError(error: unknown, instanceId: string): SdkError {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof SdkError)) return new SdkError('render-failed', message, { cause: error, instanceId });
  return new SdkError(error.code, message, {
    cause: error,
    instanceId,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.missing === undefined ? {} : { missing: error.missing }),
  });
}
