import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/** Props of {@link CatalogListItem}. */
export interface CatalogListItemProps {
  readonly packageId: string;
  readonly label: string;
  readonly previewImage: string | undefined;
  /** The pointer rests on the item or a drag starts: what an insert needs starts loading. */
  readonly onIntent: () => void;
  /** Why this page cannot hold the package (the adapter's `accepts`): shown, and the item cannot be dragged. */
  readonly refusedBecause?: string | undefined;
  /** Puck's own item. */
  readonly children: ReactNode;
}

/**
 * One item of Puck's component list: the preview image over Puck's own item. Puck renders each
 * item twice (the draggable one and a hidden copy that stays in place while dragging); only the
 * draggable one carries `data-package-id`, so the hook names exactly one element per package.
 * A refused item carries `data-insert-refused` with the reason, shows it, and stops the pointer
 * before Puck's draggable sees it (a native listener: React's own run after the drag began).
 */
export function CatalogListItem(props: CatalogListItemProps) {
  const element = useRef<HTMLDivElement>(null);
  const refused = props.refusedBecause;
  // A preview that does not load leaves no broken-image icon in the list.
  const [previewFailed, setPreviewFailed] = useState(false);
  useLayoutEffect(() => {
    const item = element.current;
    if (item?.parentElement?.getAttribute('data-testid') === `drawer-item:${props.packageId}`) {
      item.setAttribute('data-package-id', props.packageId);
    }
    if (item === null || refused === undefined) return;
    const stop = (event: Event) => event.stopPropagation();
    for (const type of ['pointerdown', 'mousedown', 'touchstart', 'keydown']) item.addEventListener(type, stop);
    return () => {
      for (const type of ['pointerdown', 'mousedown', 'touchstart', 'keydown']) item.removeEventListener(type, stop);
    };
  }, [props.packageId, refused]);
  if (refused !== undefined) {
    return (
      <div
        ref={element}
        title={refused}
        data-insert-refused={refused}
        aria-disabled="true"
        style={{ opacity: 0.55, cursor: 'not-allowed' }}
      >
        {props.children}
        <div style={{ fontSize: 12, color: '#92400e', marginTop: 2 }}>{refused}</div>
      </div>
    );
  }
  return (
    <div ref={element} title={props.label} onPointerEnter={props.onIntent} onPointerDown={props.onIntent}>
      {props.previewImage && !previewFailed && (
        <img
          src={props.previewImage}
          onError={() => setPreviewFailed(true)}
          alt=""
          width={160}
          height={90}
          style={{
            display: 'block',
            width: '100%',
            height: 64,
            objectFit: 'contain',
            background: '#f8fafc',
            borderRadius: 6,
            marginBottom: 4,
          }}
        />
      )}
      {props.children}
    </div>
  );
}
