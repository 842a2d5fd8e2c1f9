import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import globalSetup from '../e2e/support/global-setup.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

const SAMPLES = 7;
const CHROMIUM = '/usr/bin/chromium';
/** How long the simulated drag lasts, from its start (the prefetch) to the drop: a quick hand. */
const DRAG_MS = 400;
/** The target: once the answers are mirrored, the network costs almost nothing at the drop. */
const WARM_OVER_OFFLINE_TARGET = 1.1;

/**
 * Time from the drop to the component rendered (performance marks in the scenario page, in
 * Chromium, the real stack): cold (fresh worker, empty mirror), warm (mirrored, online, 304s) and
 * offline (mirrored, no network). Each insert is first measured as a drop after a drag of
 * DRAG_MS that started the prefetch (`prefetchInsert`, what the Puck adapter does when a drag
 * starts or the pointer rests on a list item), then, for comparison, as an insert with no
 * prefetch. The host's compile cache is warm for all, so the figures compare the browser paths.
 */
export async function workerInsert(): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM)) {
    return [reportRow('worker insert', 'skipped: no /usr/bin/chromium')];
  }
  const teardown = await globalSetup();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const base = process.env.E2E_BASE_URL!;
  try {
    const open = async (context: Awaited<ReturnType<typeof browser.newContext>>, id: string) => {
      const page = await context.newPage();
      await page.goto(`${base}/?page=${id}&sw=1`);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      return page;
    };
    const insert = async (page: Awaited<ReturnType<typeof open>>, dragged: boolean) => {
      if (dragged) {
        await page.evaluate(() => window.scenario.prefetch('counter1'));
        await new Promise((resolve) => setTimeout(resolve, DRAG_MS));
      }
      await page.evaluate(() => window.scenario.insert('counter1'));
      return page.evaluate(() => window.scenario.lastInsertMs());
    };
    const measured = { dropped: { cold: [] as number[], warm: [] as number[], offline: [] as number[] } };
    const plain = { cold: [] as number[], warm: [] as number[], offline: [] as number[] };
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      for (const [dragged, into] of [
        [true, measured.dropped],
        [false, plain],
      ] as const) {
        const context = await browser.newContext();
        const tag = `${dragged ? 'drop' : 'plain'}-${sample}`;
        into.cold.push(await insert(await open(context, `cold-${tag}`), dragged));
        into.warm.push(await insert(await open(context, `warm-${tag}`), dragged));
        const page = await open(context, `offline-${tag}`);
        await context.setOffline(true);
        into.offline.push(await insert(page, dragged));
        await context.close();
      }
    }
    const [c, w, o] = [median(measured.dropped.cold), median(measured.dropped.warm), median(measured.dropped.offline)];
    const [pc, pw, po] = [median(plain.cold), median(plain.warm), median(plain.offline)];
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      reportRow(`drop to rendered, cold (${DRAG_MS} ms drag prefetching; median of ${SAMPLES})`, ms(c)),
      {
        name: 'drop to rendered, warm (mirrored, 304s)',
        measured: ms(w),
        baseline: `offline ${ms(o)}`,
        ratio: w / o,
        target: `<= ${WARM_OVER_OFFLINE_TARGET}`,
        ok: w / o <= WARM_OVER_OFFLINE_TARGET,
      },
      reportRow('drop to rendered, offline (mirror)', ms(o), `cold ${ms(c)}`, o / c),
      reportRow('insert to rendered without prefetch, cold', ms(pc), `drop ${ms(c)}`, c / pc),
      reportRow('insert to rendered without prefetch, warm', ms(pw), `drop ${ms(w)}`, w / pw),
      reportRow('insert to rendered without prefetch, offline', ms(po), `drop ${ms(o)}`, o / po),
    ];
  } finally {
    await browser.close();
    await teardown();
  }
}
