import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import globalSetup from '../e2e/support/global-setup.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

const SAMPLES = 7;
const CHROMIUM = '/usr/bin/chromium';

/**
 * Time from "insert" to the component rendered (performance marks in the scenario page, in
 * Chromium, the real stack): cold (fresh worker, empty mirror), warm (mirrored, online, 304s) and
 * offline (mirrored, no network). The host's compile cache is warm for all three, so the figures
 * compare the browser paths only.
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
    const insert = async (page: Awaited<ReturnType<typeof open>>) => {
      await page.evaluate(() => window.scenario.insert('counter1'));
      return page.evaluate(() => window.scenario.lastInsertMs());
    };
    const cold: number[] = [];
    const warm: number[] = [];
    const offline: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      const context = await browser.newContext();
      cold.push(await insert(await open(context, `cold-${sample}`)));
      warm.push(await insert(await open(context, `warm-${sample}`)));
      const page = await open(context, `offline-${sample}`);
      await context.setOffline(true);
      offline.push(await insert(page));
      await context.close();
    }
    const [c, w, o] = [median(cold), median(warm), median(offline)];
    return [
      reportRow(`insert to rendered, cold (median of ${SAMPLES})`, `${c.toFixed(1)} ms`),
      reportRow('insert to rendered, warm (mirrored, 304s)', `${w.toFixed(1)} ms`, `cold ${c.toFixed(1)} ms`, w / c),
      reportRow('insert to rendered, offline (mirror)', `${o.toFixed(1)} ms`, `cold ${c.toFixed(1)} ms`, o / c),
    ];
  } finally {
    await browser.close();
    await teardown();
  }
}
