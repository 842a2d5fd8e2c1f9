import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as pageExpect } from '@playwright/test';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pickFromMediaLibrary } from '../../e2e/support/media-library.js';
import { dragOntoCanvas } from '../../e2e/support/puck-drag.js';
import { type NextjsEditorRun, runNextjsEditor } from '../packaging/nextjs-editor-app.js';
import { COUNT_REACT_RENDERERS, openEditorTab, renderedInstance } from '../packaging/nextjs-editor-page.js';
import { callStrapi, onePixelPng, type StrapiEndpoint, uploadFile } from './strapi-rest.js';

// The Next.js editor recipe on Strapi (docs/recipes-nextjs.md): built from the packed packages
// with STRAPI_URL, STRAPI_TOKEN and STRAPI_SCHEMA_FILE against `npm run start:strapi`'s stack (a
// real Strapi 5 with the example package), a file of Strapi's media library picked in hero1's
// Image field renders through next/image at the relative URL Strapi stores (/uploads/…, served on
// the editor's origin by its rewrite), and the page in Strapi holds it.

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The example package's generated registry (its golden copy): what the playground generates into its Strapi. */
const SCHEMA_FILE = join(repoRoot, 'examples/schema-package/golden/generated/registries/strapi-schema.json.golden');

let workDir: string;
let run: NextjsEditorRun;
let strapi: StrapiEndpoint;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'strapi-nextjs-editor-'));
  run = await runNextjsEditor({
    repoRoot,
    workDir,
    script: 'start:strapi',
    env: (output) => {
      const url = /Strapi at (\S+) /.exec(output)?.[1];
      const apiToken = /Strapi API token \(development\): (\S+)/.exec(output)?.[1];
      if (url === undefined || apiToken === undefined) throw new Error(`No Strapi URL or token in:\n${output}`);
      strapi = { url, apiToken };
      return { STRAPI_URL: url, STRAPI_TOKEN: apiToken, STRAPI_SCHEMA_FILE: SCHEMA_FILE };
    },
  });
});

afterAll(async () => {
  await run?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

it("renders a file of Strapi's media library through next/image at Strapi's relative URL, and stores it", async () => {
  const context = await run.browser.newContext();
  await context.addInitScript(COUNT_REACT_RENDERERS);
  const { page, errors } = await openEditorTab(context, run.app.url, 'next-media');
  await dragOntoCanvas(page, 'hero1');
  const hero = renderedInstance(page, 'hero1');
  await pageExpect(hero.locator('h1')).toHaveText('Build pages faster');

  const file = await uploadFile(strapi, 'next-pixel.png', onePixelPng(), 'image/png');
  expect(file.url).toMatch(/^\/uploads\//);
  await hero.click();
  await pickFromMediaLibrary(page, 'next-pixel.png', 'next-pixel');
  const image = hero.locator('img');
  await pageExpect(image).toHaveAttribute('src', file.url);
  await pageExpect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(1);
  const query = 'filters[slug][$eq]=next-media&status=draft&populate[blocks][populate]=*';
  await pageExpect
    .poll(async () => {
      const { body } = await callStrapi<{ data: { blocks: { image?: { id: number; url: string } | null }[] }[] }>(
        strapi,
        'GET',
        `/api/pages?${query}`,
      );
      const image = body.data[0]?.blocks[0]?.image;
      return image ? { id: image.id, url: image.url } : undefined;
    })
    .toEqual({ id: file.id, url: file.url });
  expect(await page.evaluate('window.__reactRendererVersions.length')).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});
