import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** Props of {@link CatalogListItem}. */
export interface CatalogListItemProps {
  readonly packageId: string;
  readonly label: string;
  readonly previewImage: string | undefined;
  /** The pointer rests on the item or a drag starts: what an insert needs starts loading. */
  readonly onIntent: () => void;
  /** Puck's own item. */
  readonly children: ReactNode;
}

/**
 * One item of Puck's component list: the preview image over Puck's own item. Puck renders each
 * item twice (the draggable one and a hidden copy that stays in place while dragging); only the
 * draggable one carries `data-package-id`, so the hook names exactly one element per package.
 */
export function CatalogListItem(props: CatalogListItemProps) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const item = element.current;
    if (item?.parentElement?.getAttribute('data-testid') === `drawer-item:${props.packageId}`) {
      item.setAttribute('data-package-id', props.packageId);
    }
  }, [props.packageId]);
  return (
    <div ref={element} title={props.label} onPointerEnter={props.onIntent} onPointerDown={props.onIntent}>
      {props.previewImage && (
        <img
          src={props.previewImage}
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
