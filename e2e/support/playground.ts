import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { Page as SavedPage } from '@runtime-component-catalog/contracts';
import type {} from '../../examples/playground/playground-hooks.js';

/** The editor `npm start` serves (started by the global setup). */
export function playgroundUrl(path = '/'): string {
  return `${process.env.E2E_PLAYGROUND_URL}${path}`;
}

/** Opens the playground editor on `pageId` and waits until its hooks are set. */
export async function openPlayground(context: BrowserContext, pageId: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(playgroundUrl(`/?page=${pageId}`));
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
  return page;
}

/** Inserts `packageId` as a user would (window.playground.insert) and answers the instance id. */
export function insert(page: Page, packageId: string): Promise<string> {
  return page.evaluate((id) => window.playground!.insert(id), packageId);
}

/** The saved page, read from the page store in the browser. */
export function savedPage(page: Page): Promise<SavedPage | undefined> {
  return page.evaluate(() => window.playground!.store.get(window.playground!.pageId));
}

/** An artifact as the playground's artifacts origin serves it now. */
export async function artifactOf(packagePath: string, artifact: string): Promise<unknown> {
  return JSON.parse(await artifactTextOf(packagePath, artifact));
}

/**
 * An artifact's bytes as the origin serves them now: what a test that changes an artifact writes
 * back, so that the published version stays whole (a rollback checks its bytes against the
 * version's manifest).
 */
export function artifactTextOf(packagePath: string, artifact: string): Promise<string> {
  return readFile(join(process.env.E2E_PLAYGROUND_STATE!, 'artifacts', packagePath, artifact), 'utf8');
}

/** Request counts of the playground's origins, by path. */
export async function playgroundStats(): Promise<{ artifacts: Record<string, number>; esm: Record<string, number> }> {
  const response = await fetch(playgroundUrl('/__playground/stats'));
  return (await response.json()) as { artifacts: Record<string, number>; esm: Record<string, number> };
}

/** The paths whose counts grew between two snapshots, with how much. */
export function grown(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [path, count] of Object.entries(after)) {
    const delta = count - (before[path] ?? 0);
    if (delta !== 0) changes[path] = delta;
  }
  return changes;
}

/** The revalidation secret `npm start` runs its host with (its development default). */
const PLAYGROUND_SECRET = process.env.REVALIDATION_SECRET || 'dev-revalidation-secret';

/**
 * The environment of `catalog-schema publish` into the running playground (docs/playground.md
 * "Publishing a new variant into the playground"): its host and secret, its artifacts folder and
 * origin, its ESM folder and origin (the URLs from `window.playground.urls`).
 */
export async function playgroundPublishEnv(page: Page): Promise<Record<string, string>> {
  const urls = await page.evaluate(() => window.playground!.urls);
  return {
    HOST_APP_URL: urls.host,
    HOST_REVALIDATION_SECRET: PLAYGROUND_SECRET,
    CATALOG_ARTIFACTS_STORE: join(process.env.E2E_PLAYGROUND_STATE!, 'artifacts'),
    ARTIFACTS_ORIGIN: urls.artifactsOrigin,
    CATALOG_ESM_STORE: join(process.env.E2E_PLAYGROUND_STATE!, 'esm'),
    ESM_ORIGIN: urls.esmOrigin,
  };
}

/** Writes an artifact of the playground's working copy as given: tests break artifacts on purpose. */
export async function writeArtifact(packagePath: string, artifact: string, text: string): Promise<void> {
  await writeFile(join(process.env.E2E_PLAYGROUND_STATE!, 'artifacts', packagePath, artifact), text);
}

/** `POST /api/revalidate` on the playground's host (its URL from `window.playground.urls`); answers the status. */
export async function revalidate(page: Page, body: { packageId: string; artifact?: string }): Promise<number> {
  const host = await page.evaluate(() => window.playground!.urls.host);
  const response = await fetch(`${host}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-revalidation-secret': PLAYGROUND_SECRET },
    body: JSON.stringify(body),
  });
  return response.status;
}
