import { useEffect, useState } from 'react';
import type { CatalogWorker } from '../../sdk/index.js';
import type { ContentSource, ContentSourceTracker } from './content-source.js';

/** Props of {@link StatusIndicator}. */
export interface StatusIndicatorProps {
  readonly source: ContentSourceTracker;
  readonly worker: CatalogWorker | undefined;
  readonly workerError: string | undefined;
}

/**
 * Online or offline (the browser's own signal), whether the last catalog answer came from the
 * host or from the service worker's mirror, and how much the mirror holds.
 */
export function StatusIndicator({ source, worker, workerError }: StatusIndicatorProps) {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [content, setContent] = useState<ContentSource>(() => source.current());
  const [mirrored, setMirrored] = useState<number | undefined>(undefined);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const unsubscribe = source.subscribe(setContent);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      unsubscribe();
    };
  }, [source]);

  // The mirror's size after each change of state worth showing.
  useEffect(() => {
    if (!worker || content === 'none') return;
    let live = true;
    worker.status().then(
      (status) => live && setMirrored(status.entries),
      () => live && setMirrored(undefined),
    );
    return () => {
      live = false;
    };
  }, [worker, content]);

  const workerText = worker
    ? `worker on${mirrored === undefined ? '' : `, ${mirrored} mirrored`}`
    : `no worker${workerError ? ` (${workerError})` : ''}`;
  const contentText = content === 'mirror' ? 'from the mirror' : content === 'host' ? 'from the host' : '';
  return (
    <span
      data-testid="status"
      data-online={online ? 'online' : 'offline'}
      data-content-source={content}
      title="Network state, where the last catalog answer came from, and the service worker's mirror"
      style={{
        display: 'inline-flex',
        gap: 6,
        alignItems: 'center',
        fontSize: 12,
        color: '#334155',
        whiteSpace: 'nowrap',
      }}
    >
      <span
        aria-hidden="true"
        style={{ width: 8, height: 8, borderRadius: 4, background: online ? '#16a34a' : '#dc2626' }}
      />
      <strong>{online ? 'Online' : 'Offline'}</strong>
      {contentText && <span>· {contentText}</span>}
      <span style={{ color: '#64748b' }}>· {workerText}</span>
    </span>
  );
}
