import type { Page } from '@runtime-component-catalog/contracts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { closeServer, listen, serverUrl } from './artifacts-origin.js';

/** A running reference CMS. */
export interface ReferenceCms {
  readonly url: string;
  /** Requests received. */
  requests(): number;
  close(): Promise<void>;
}

/**
 * The small page endpoint that the HTTP page store talks to, as a team's CMS would expose it:
 * `GET /pages`, `GET /pages/:id`, `PUT /pages/:id` (the body's `revision` is the one the change
 * was based on; 409 with the stored revision when it is stale), `DELETE /pages/:id?revision=N`.
 * Pages live in memory. Bodies over 1 MiB: 413.
 */
export async function startReferenceCms(): Promise<ReferenceCms> {
  const pages = new Map<string, Page>();
  let count = 0;
  let lastSaveTime = 0; // never two saves in one millisecond: "newest first" stays exact
  const app = new Hono();
  app.use(async (_c, next) => {
    count += 1;
    await next();
  });
  app.get('/pages', (c) =>
    c.json({
      pages: [...pages.values()]
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .map(({ id, title, revision, updatedAt }) => ({ id, title, revision, updatedAt })),
    }),
  );
  app.get('/pages/:id', (c) => {
    const page = pages.get(c.req.param('id'));
    return page === undefined ? c.json({ error: 'Page not found' }, 404) : c.json(page);
  });
  app.put('/pages/:id', bodyLimit({ maxSize: 1024 * 1024 }), async (c) => {
    const page = (await c.req.json().catch(() => undefined)) as Page | undefined;
    if (page === undefined || page.id !== c.req.param('id') || typeof page.revision !== 'number') {
      return c.json({ error: 'Invalid page' }, 400);
    }
    const current = pages.get(page.id)?.revision ?? 0;
    if (current !== page.revision) return c.json({ error: 'Revision conflict', revision: current }, 409);
    lastSaveTime = Math.max(Date.now(), lastSaveTime + 1);
    const saved: Page = { ...page, revision: current + 1, updatedAt: new Date(lastSaveTime).toISOString() };
    pages.set(saved.id, saved);
    return c.json(saved);
  });
  app.delete('/pages/:id', (c) => {
    const stored = pages.get(c.req.param('id'));
    const revision = Number(c.req.query('revision'));
    if (stored !== undefined && stored.revision !== revision) {
      return c.json({ error: 'Revision conflict', revision: stored.revision }, 409);
    }
    pages.delete(c.req.param('id'));
    return c.body(null, 204);
  });
  const server = await listen(app, 0);
  return { url: serverUrl(server), requests: () => count, close: () => closeServer(server) };
}
