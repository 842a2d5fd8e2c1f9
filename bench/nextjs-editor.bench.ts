import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { dragOntoCanvas } from '../e2e/support/puck-drag.js';
import { runNextjsEditor } from '../testing/packaging/nextjs-editor-app.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

const CHROMIUM = '/usr/bin/chromium';
/** Samples of each row and editor, taken in turns (Next.js, then Vite). */
const SAMPLES = Number(process.env.NEXTJS_BENCH_SAMPLES || 5);

/**
 * Installed before the editor's scripts, the same in both editors: when the component list first
 * shows hero1 (editor ready, from the navigation's start), and, after a drop, the frame that shows
 * the dropped hero1 rendered (from the `pointerup` that dropped it).
 */
const PROBE = `(() => {
  const probe = { ready: undefined, pointerUp: undefined, dropToRendered: undefined };
  window.__editorProbe = probe;
  const check = () => {
    if (probe.ready === undefined && document.querySelector('[data-testid="drawer-item:hero1"]')) probe.ready = performance.now();
    if (probe.pointerUp !== undefined && probe.dropToRendered === undefined && document.querySelector('[data-instance-id^="hero1-"][data-state="ready"]')) {
      probe.dropToRendered = null;
      const up = probe.pointerUp;
      requestAnimationFrame(() => { probe.dropToRendered = performance.now() - up; });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  addEventListener('pointerup', (event) => { probe.pointerUp = event.timeStamp; }, true);
})();`;

interface EditorSample {
  readonly ready: number;
  readonly dropToRendered: number;
}

/**
 * One sample of an editor at `url` in a fresh browser context: a first visit (the worker
 * registers, hero1 is inserted once, so its answers are mirrored), then a reload measured: editor
 * ready, and drop → rendered of another hero1 (warm: mirrored answers, the host's 304s).
 */
async function sample(browser: Browser, url: string): Promise<EditorSample> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await page.goto(url);
    await dropHero(page);
    await page.reload();
    const ready = await page.waitForFunction(() => (window as unknown as Probed).__editorProbe.ready);
    await page.locator('[data-instance-id^="hero1-"][data-state="ready"]').waitFor();
    const dropToRendered = await dropHero(page);
    return { ready: (await ready.jsonValue()) as number, dropToRendered };
  } finally {
    await context.close();
  }
}

interface Probed {
  readonly __editorProbe: { ready?: number; pointerUp?: number; dropToRendered?: number | null };
}

/** Drops hero1 onto the canvas and answers the milliseconds from the drop to the frame showing it rendered. */
async function dropHero(page: Page): Promise<number> {
  await page.evaluate(() => {
    const probe = (window as unknown as Probed).__editorProbe;
    probe.pointerUp = undefined;
    probe.dropToRendered = undefined;
  });
  const before = await page.locator('[data-instance-id^="hero1-"][data-state="ready"]').count();
  await dragOntoCanvas(page, 'hero1');
  await page.locator('[data-instance-id^="hero1-"][data-state="ready"]').nth(before).waitFor();
  const measured = await page.waitForFunction(() => (window as unknown as Probed).__editorProbe.dropToRendered);
  return (await measured.jsonValue()) as number;
}

/**
 * The Next.js editor recipe (examples/recipes/nextjs, `next build` + `next start`, installed from
 * the packed packages) beside the Vite playground (`npm start`'s editor, its dev server), both on
 * the same catalog stack, in Chromium, samples in turns: editor ready on a reload with the worker
 * in control, and drop → rendered, warm. Reports: the Vite editor is a development server, the
 * Next.js one a production build (docs/recipes-nextjs.md "Measured").
 */
export async function nextjsEditor(): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM)) return [reportRow('Next.js editor', 'skipped: no /usr/bin/chromium')];
  const repoRoot = fileURLToPath(new URL('../', import.meta.url));
  const workDir = await mkdtemp(join(tmpdir(), 'bench-nextjs-editor-'));
  const run = await runNextjsEditor({ repoRoot, workDir }).catch(async (error: unknown) => {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const { app, stack, browser } = run;
    const next: EditorSample[] = [];
    const vite: EditorSample[] = [];
    for (let round = 0; round < SAMPLES; round += 1) {
      next.push(await sample(browser, `${app.url}/editor?page=bench-${round}`));
      vite.push(await sample(browser, `${stack.url}/?page=bench-${round}`));
    }
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const row = (name: string, pick: (s: EditorSample) => number) => {
      const [n, v] = [median(next.map(pick)), median(vite.map(pick))];
      return reportRow(`${name} (median of ${SAMPLES})`, `Next.js ${ms(n)}`, `Vite playground ${ms(v)}`, n / v);
    };
    return [
      row('editor ready, reload with the worker (Next.js build vs Vite dev)', (s) => s.ready),
      row('drop to rendered, warm (Next.js build vs Vite dev)', (s) => s.dropToRendered),
    ];
  } finally {
    await run.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
