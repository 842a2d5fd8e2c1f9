import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, expect as pageExpect } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaygroundProcess } from '../../e2e/support/playground-process.js';
import { dragOntoCanvas } from '../../e2e/support/puck-drag.js';
import { onePixelPng } from '../strapi/strapi-rest.js';
import { type NextjsEditorApp, type NextjsEditorRun, runNextjsEditor, stackUrlsOf } from './nextjs-editor-app.js';
import {
  COUNT_REACT_RENDERERS,
  editorReady,
  openEditorTab,
  putStoredPage,
  renderedInstance,
  storedPage,
} from './nextjs-editor-page.js';
import { changedFiles, type RecipeManifest, recipeFiles, unpinnedDependencies } from './recipe-project.js';

// The Next.js editor of examples/recipes/nextjs as a team runs it (docs/recipes.md "Next.js
// editor"): copied into a fresh folder, installed from the packed tarballs, `next build` (which
// prerenders the editor page: the SDK's entries imported on the server), `next start`, and used in
// Chromium against the playground's catalog stack (`npm start`: host, artifacts and ESM origins).

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Install, build and start: about a minute at load 7 with npm's cache warm; a cold cache downloads first. */
const SETUP_BUDGET_MS = 1_200_000;

let workDir: string;
let run: NextjsEditorRun;
let app: NextjsEditorApp;
let stack: PlaygroundProcess;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'packaging-nextjs-editor-'));
  run = await runNextjsEditor({ repoRoot, workDir });
  ({ app, stack } = run);
}, SETUP_BUDGET_MS);

afterAll(async () => {
  await run?.close();
  if (app !== undefined) {
    await mkdir(join(repoRoot, '.tmp'), { recursive: true });
    await writeFile(join(repoRoot, '.tmp/nextjs-editor-report.json'), `${JSON.stringify(app.seconds, null, 2)}\n`);
    console.info('nextjs editor setup (seconds)', JSON.stringify(app.seconds));
  }
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A fresh browser context counting React renderers from the first script on. */
async function newContext(): Promise<BrowserContext> {
  const context = await run.browser.newContext();
  await context.addInitScript(COUNT_REACT_RENDERERS);
  return context;
}

describe('the Next.js editor recipe (examples/recipes/nextjs)', () => {
  it('pins every dependency to one exact version and builds without touching its own files', async () => {
    const manifest = JSON.parse(
      await readFile(join(repoRoot, 'examples/recipes/nextjs/package.json'), 'utf8'),
    ) as RecipeManifest;
    expect(unpinnedDependencies(manifest)).toEqual([]);
    expect(changedFiles(app.copied, await recipeFiles(app.dir))).toEqual([]);
    // The editor page is prerendered: the client editor and every SDK entry it imports ran on the server.
    expect(app.buildOutput).toMatch(/○ \/editor\n/);
  });

  it("serves the SDK's worker at /catalog-sw.js: 200, JavaScript, no-cache, the installed file's bytes", async () => {
    const expected = await readFile(
      join(app.dir, 'node_modules/@runtime-component-catalog/sdk/dist/service-worker.js'),
    );
    const response = await fetch(`${app.url}/catalog-sw.js`);
    const body = Buffer.from(await response.arrayBuffer());
    expect({
      status: response.status,
      contentType: response.headers.get('content-type'),
      cacheControl: response.headers.get('cache-control'),
      sha256: createHash('sha256').update(body).digest('hex'),
    }).toEqual({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: 'no-cache',
      sha256: createHash('sha256').update(expected).digest('hex'),
    });
  });

  it('inserts hero1 and cta1, keeps an edited prop through a reload and an offline reload: one React, no error', async () => {
    const context = await newContext();
    const { page, errors } = await openEditorTab(context, app.url, 'inserts');
    await dragOntoCanvas(page, 'hero1');
    const hero = renderedInstance(page, 'hero1');
    await pageExpect(hero.locator('h1')).toHaveText('Build pages faster');
    await dragOntoCanvas(page, 'cta1');
    const cta = renderedInstance(page, 'cta1');
    await pageExpect(cta.locator('a')).toHaveText('Create a page');

    await hero.click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Pages built in Next.js');
    await pageExpect(hero.locator('h1')).toHaveText('Pages built in Next.js');
    await pageExpect
      .poll(async () =>
        (await storedPage(page, 'inserts'))?.content.map((instance) => [
          instance.props.cmp_variant,
          instance.props.title,
        ]),
      )
      .toEqual([
        ['cta1', undefined],
        ['hero1', 'Pages built in Next.js'],
      ]);
    const stored = await storedPage(page, 'inserts');

    await page.reload();
    await editorReady(page);
    await pageExpect(renderedInstance(page, 'hero1').locator('h1')).toHaveText('Pages built in Next.js');
    await pageExpect(renderedInstance(page, 'cta1').locator('a')).toHaveText('Create a page');

    // Offline: the page, its scripts, the catalog and the compiled components from the worker's mirror.
    await context.setOffline(true);
    await page.reload();
    await editorReady(page);
    await pageExpect(renderedInstance(page, 'hero1').locator('h1')).toHaveText('Pages built in Next.js');
    await pageExpect(renderedInstance(page, 'cta1').locator('a')).toHaveText('Create a page');
    // Opening the page saved nothing: the stored page is the one the edit made.
    expect(await storedPage(page, 'inserts')).toEqual(stored);
    expect(await page.evaluate('window.__reactRendererVersions.length')).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links: edit mode keeps the editor, interactive mode navigates with the app router; usePathname and useRouter are its own', async () => {
    const context = await newContext();
    const { page, errors } = await openEditorTab(context, app.url, 'links');
    await dragOntoCanvas(page, 'hero1');
    await dragOntoCanvas(page, 'cta1');
    const cta = renderedInstance(page, 'cta1');
    const ctaLink = cta.locator('a');
    await pageExpect(ctaLink).toHaveText('Create a page');

    // usePathname is the app router's: cta1 marks a link to the editor's own path as the current page.
    await cta.click();
    const href = page.getByRole('textbox', { name: 'Link', exact: true });
    await href.fill('/editor');
    await pageExpect(ctaLink).toHaveAttribute('aria-current', 'page');
    await href.fill('/docs/pricing');
    await pageExpect(ctaLink).not.toHaveAttribute('aria-current');

    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(new URL(frame.url()).pathname);
    });
    // Edit mode: a click lands on Puck's frame (it selects), and Enter on the focused link is held.
    const heroLink = renderedInstance(page, 'hero1').locator('a');
    await heroLink.click({ force: true });
    await heroLink.focus();
    await page.keyboard.press('Enter');
    await pageExpect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Build pages faster');

    // Interactive mode: hovering cta1's link prefetches its page through useRouter (the app's router).
    await page.getByTestId('preview-mode').click();
    await pageExpect(page.getByTestId('preview-mode')).toHaveText('Interactive');
    const prefetched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/docs/pricing' && request.headers().rsc === '1',
    );
    await ctaLink.hover();
    await prefetched;
    // …and a click on hero1's link navigates client-side to the site's page.
    await renderedInstance(page, 'hero1').locator('a').click();
    await page.waitForURL(`${app.url}/docs/getting-started`);
    await pageExpect(page.getByTestId('site-path')).toHaveText('/docs/getting-started');
    expect(navigations).toEqual(['/docs/getting-started']);
    // Back in the browser: the editor this tab opened for the page is there again, its session kept.
    await page.goBack();
    await pageExpect(renderedInstance(page, 'cta1').locator('a')).toHaveAttribute('href', '/docs/pricing');
    await pageExpect(renderedInstance(page, 'hero1').locator('h1')).toHaveText('Build pages faster');
    expect(await page.evaluate('window.__reactRendererVersions.length')).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders next/image with a media URL on the catalog origin as it is (images.unoptimized)', async () => {
    const context = await newContext();
    const { page, errors } = await openEditorTab(context, app.url, 'media');
    await dragOntoCanvas(page, 'hero1');
    await pageExpect(renderedInstance(page, 'hero1').locator('h1')).toHaveText('Build pages faster');
    // A page saved with an image published beside the catalog (its CDN in production). A PNG: an
    // .svg would be shown unoptimized by next/image whatever the config says (dangerouslyAllowSVG).
    const mediaDir = join(stack.stateDir, 'artifacts/media');
    await mkdir(mediaDir, { recursive: true });
    await writeFile(join(mediaDir, 'hero.png'), onePixelPng());
    const imageUrl = `${stackUrlsOf(stack.output).catalogOrigin}/media/hero.png`;
    await pageExpect.poll(async () => (await storedPage(page, 'media'))?.content.length).toBe(1);
    const saved = (await storedPage(page, 'media'))!;
    const [hero] = saved.content;
    await putStoredPage(page, {
      ...saved,
      revision: saved.revision + 1,
      updatedAt: new Date().toISOString(),
      content: [{ ...hero!, props: { ...hero!.props, image: { id: 1, url: imageUrl } } }],
    });
    await page.reload();
    await editorReady(page);
    const image = renderedInstance(page, 'hero1').locator('img');
    await pageExpect(image).toHaveAttribute('src', imageUrl);
    await pageExpect
      .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
